// A stand-in for @fugood/whisper.node that notes which build it was asked to load (one line, in the file
// named by WHISPER_BUILD_LOG) and answers one segment saying it.
const { appendFileSync } = require('node:fs')

exports.initWhisper = async (options, variant) => {
  const build = `useGpu ${options.useGpu} build ${variant}`
  appendFileSync(process.env.WHISPER_BUILD_LOG, `${build}\n`)
  return {
    transcribeData: () => ({ stop: async () => {}, promise: Promise.resolve({ language: 'en', segments: [{ text: build, t0: 0, t1: 100 }], isAborted: false }) }),
    release: async () => {},
  }
}
