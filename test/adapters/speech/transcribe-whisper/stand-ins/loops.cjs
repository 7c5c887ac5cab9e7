// A stand-in for @fugood/whisper.node that writes what Whisper writes on music or noise: one
// sentence, then "Thank you." over and over, inside a segment and as segment after segment.
exports.initWhisper = async () => ({
  transcribeData: (pcm) => {
    const ms = (pcm.byteLength / 4 / 16000) * 1000
    const step = ms / 12
    const segments = [
      { text: ' Welcome to the meeting about the budget.', t0: 0, t1: step },
      { text: ' Thank you. Thank you. Thank you. Thank you. Thank you. Thank you.', t0: step, t1: 2 * step },
      ...Array.from({ length: 8 }, (_, i) => ({ text: ' Thank you.', t0: (i + 2) * step, t1: (i + 3) * step })),
    ]
    return { stop: async () => {}, promise: Promise.resolve({ language: 'en', segments, isAborted: false }) }
  },
  release: async () => {},
})
