// A stand-in for @fugood/whisper.node that aborts the process, as whisper.cpp does on a failed
// GGML_ASSERT, on its WHISPER_ABORT_AT-th window (default the first); earlier windows hear one word.
let calls = 0

exports.initWhisper = async () => ({
  transcribeData: () => {
    calls += 1
    if (calls >= Number(process.env.WHISPER_ABORT_AT ?? 1)) {
      process.stderr.write('whisper.cpp/ggml/src/ggml.c:1234: GGML_ASSERT(ctx->mem_buffer != NULL) failed\n')
      process.abort()
    }
    return { stop: async () => {}, promise: Promise.resolve({ language: 'en', segments: [{ text: `window ${calls}`, t0: 0, t1: 100 }], isAborted: false }) }
  },
  release: async () => {},
})
