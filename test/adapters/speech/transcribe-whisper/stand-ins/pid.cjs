// A stand-in for @fugood/whisper.node that answers one segment naming the process it runs in and its priority.
const { getPriority } = require('node:os')

exports.initWhisper = async () => ({
  transcribeData: (pcm, options) => ({
    stop: async () => {},
    promise: Promise.resolve({
      language: 'en',
      segments: [{ text: `pid ${process.pid} nice ${getPriority()} threads ${options.maxThreads}`, t0: 0, t1: 100 }],
      isAborted: false,
    }),
  }),
  release: async () => {},
})
