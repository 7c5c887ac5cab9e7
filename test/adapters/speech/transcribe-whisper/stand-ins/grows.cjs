// A stand-in for @fugood/whisper.node whose transcription takes memory outside V8's heap (as
// whisper.cpp's buffers are), 32 MB every 20 ms, touched so it is resident, until it is stopped.
exports.initWhisper = async () => ({
  transcribeData: () => {
    const held = []
    const timer = setInterval(() => {
      if (held.length < 100) held.push(Buffer.alloc(32 * 1024 * 1024, 1))
    }, 20)
    return { stop: async () => clearInterval(timer), promise: new Promise(() => {}) }
  },
  release: async () => {},
})
