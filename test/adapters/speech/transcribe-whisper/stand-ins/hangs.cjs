// A stand-in for @fugood/whisper.node whose transcription never ends (a window that takes far too long).
exports.initWhisper = async () => ({
  transcribeData: () => {
    const timer = setInterval(() => {}, 1000)
    return { stop: async () => clearInterval(timer), promise: new Promise(() => {}) }
  },
  release: async () => {},
})
