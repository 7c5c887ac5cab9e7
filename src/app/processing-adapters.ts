/** The transcriber, transcript parser and analyzer the configuration asks for. */
import type { Logger } from 'pino'
import { createBuiltinAnalyzer } from '../../adapters/analyze-builtin/index.js'
import { createOpenAiAnalyzer } from '../../adapters/analyze-openai/index.js'
import { createNoTranscriber } from '../../adapters/transcribe-none/index.js'
import { createOpenAiTranscriber } from '../../adapters/transcribe-openai/index.js'
import { createPocketsphinxTranscriber } from '../../adapters/transcribe-pocketsphinx/index.js'
import { createTranscriptParser } from '../../adapters/transcript-parse/index.js'
import type { Config } from './config.js'
import type { Ports } from '../index.js'

type ProcessingPorts = Pick<Ports, 'transcriptParser' | 'transcriber' | 'analyzer' | 'maxUploadBytes'>

const optionalKey = (key: string) => (key === '' ? {} : { apiKey: key })

export const processingAdapters = (config: Config, logger?: Logger): ProcessingPorts => {
  const builtin = createBuiltinAnalyzer()
  const transcriber =
    config.NOTETAKER_TRANSCRIBER === 'pocketsphinx'
      ? createPocketsphinxTranscriber()
      : config.NOTETAKER_TRANSCRIBER === 'openai'
        ? createOpenAiTranscriber({ baseUrl: config.NOTETAKER_TRANSCRIBER_URL, model: config.NOTETAKER_TRANSCRIBER_MODEL, ...optionalKey(config.NOTETAKER_TRANSCRIBER_KEY) })
        : createNoTranscriber()
  const analyzer =
    config.NOTETAKER_ANALYZER === 'openai'
      ? createOpenAiAnalyzer({
          baseUrl: config.NOTETAKER_ANALYZER_URL,
          model: config.NOTETAKER_ANALYZER_MODEL,
          fallback: builtin,
          ...(logger === undefined ? {} : { logger }),
          ...optionalKey(config.NOTETAKER_ANALYZER_KEY),
        })
      : builtin
  return { transcriptParser: createTranscriptParser(), transcriber, analyzer, maxUploadBytes: config.NOTETAKER_MAX_UPLOAD_MB * 1024 * 1024 }
}
