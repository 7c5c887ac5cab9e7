// The real @fugood/whisper.node, noting how many samples each transcribeData call is given (one
// line each in the file named by WHISPER_SPY_LOG), for tests of what reaches whisper.cpp.
const { appendFileSync } = require('node:fs')
const real = require('@fugood/whisper.node')

exports.initWhisper = async (options) => {
  const context = await real.initWhisper(options)
  return {
    transcribeData: (pcm, transcribeOptions) => {
      appendFileSync(process.env.WHISPER_SPY_LOG, `${pcm.byteLength / Float32Array.BYTES_PER_ELEMENT}\n`)
      return context.transcribeData(pcm, transcribeOptions)
    },
    release: () => context.release(),
  }
}
