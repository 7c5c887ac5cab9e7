/** The transcriber, transcript parser and analyzer the configuration asks for. */
import type { Logger } from 'pino'
import { createOpenAiAnalyzer } from '../../adapters/analyze-openai/index.js'
import { createNoTranscriber } from '../../adapters/transcribe-none/index.js'
import { createOpenAiTranscriber } from '../../adapters/transcribe-openai/index.js'
import { withChannelSpeakers } from '../../adapters/transcribe-channels/index.js'
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from '../../adapters/transcribe-pocketsphinx/index.js'
import { createCpuPool } from '../../adapters/cpu-pool/index.js'
import type { Config } from './config.js'
import type { Ports } from '../index.js'

type ProcessingPorts = Pick<Ports, 'transcriptParser' | 'transcriber' | 'analyzer' | 'maxUploadBytes' | 'maxTranscriptBytes' | 'maxUtterances'>

const optionalKey = (key: string) => (key === '' ? {} : { apiKey: key })

const MB = 1024 * 1024

export type TranscriberName = 'none' | 'pocketsphinx' | 'openai'

/** What `auto` finds on this machine; a test gives its own. */
export interface InstalledEngines {
  readonly pocketsphinx: boolean
}

/** The engine a setting names; `auto` takes the best one installed. */
export const chooseTranscriber = (setting: Config['NOTETAKER_TRANSCRIBER'], installed: InstalledEngines): TranscriberName =>
  setting !== 'auto' ? setting : installed.pocketsphinx ? 'pocketsphinx' : 'none'

const logChoice = (logger: Logger, setting: Config['NOTETAKER_TRANSCRIBER'], chosen: TranscriberName) => {
  const how = setting === 'auto' ? 'found on this machine' : 'set by NOTETAKER_TRANSCRIBER'
  if (chosen === 'none') {
    logger.warn(
      { transcriber: chosen, setting },
      setting === 'auto'
        ? 'speech to text: no engine is installed, so audio uploads are refused until one is (apt-get install pocketsphinx pocketsphinx-en-us, then restart; or NOTETAKER_TRANSCRIBER=openai)'
        : 'speech to text: none (NOTETAKER_TRANSCRIBER=none), so audio uploads are refused; transcript files are still read',
    )
  } else logger.info({ transcriber: chosen, setting }, `speech to text: ${chosen} (${how})`)
}

/** The processing ports, and `close` for the worker threads that read and analyze transcripts. */
export const processingAdapters = (
  config: Config,
  logger?: Logger,
  installed: () => InstalledEngines = () => ({ pocketsphinx: pocketsphinxInstalled() }),
): { ports: ProcessingPorts; close(): Promise<void> } => {
  const pool = createCpuPool({ threads: config.NOTETAKER_PROCESSING_THREADS })
  const builtin = pool.analyzer
  const chosen = chooseTranscriber(config.NOTETAKER_TRANSCRIBER, config.NOTETAKER_TRANSCRIBER === 'auto' ? installed() : { pocketsphinx: false })
  if (logger !== undefined) logChoice(logger, config.NOTETAKER_TRANSCRIBER, chosen)
  const engine =
    chosen === 'pocketsphinx'
      ? createPocketsphinxTranscriber()
      : chosen === 'openai'
        ? createOpenAiTranscriber({ baseUrl: config.NOTETAKER_TRANSCRIBER_URL, model: config.NOTETAKER_TRANSCRIBER_MODEL, ...optionalKey(config.NOTETAKER_TRANSCRIBER_KEY) })
        : null
  // A stereo call recording with one voice per channel gives one speaker per channel, whatever the engine.
  const transcriber = engine === null ? createNoTranscriber() : withChannelSpeakers(engine)
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
  return {
    ports: {
      transcriptParser: pool.transcriptParser,
      transcriber,
      analyzer,
      maxUploadBytes: config.NOTETAKER_MAX_UPLOAD_MB * MB,
      maxTranscriptBytes: config.NOTETAKER_MAX_TRANSCRIPT_MB * MB,
      maxUtterances: config.NOTETAKER_MAX_UTTERANCES,
    },
    close: pool.close,
  }
}
