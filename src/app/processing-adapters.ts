/** The transcriber, transcript parser and analyzer the configuration asks for. */
import type { Logger } from 'pino'
import { createOpenAiAnalyzer } from '../../adapters/analyze-openai/index.js'
import { createCpuPool } from '../../adapters/cpu-pool/index.js'
import type { Config } from './config.js'
import { type InstalledEngines, openTranscriber, optionalKey } from './transcriber-choice.js'
import type { Ports } from '../index.js'

type ProcessingPorts = Pick<Ports, 'transcriptParser' | 'transcriber' | 'analyzer' | 'maxUploadBytes' | 'maxTranscriptBytes' | 'maxUtterances'>


const MB = 1024 * 1024

/** The processing ports, and `close` for the worker threads that read and analyze transcripts and the speech engine's model. */
export const processingAdapters = (
  config: Config,
  logger?: Logger,
  installed?: (config: Config) => InstalledEngines,
): { ports: ProcessingPorts; close(): Promise<void> } => {
  const pool = createCpuPool({ threads: config.NOTETAKER_PROCESSING_THREADS })
  const builtin = pool.analyzer
  const { transcriber, close: closeTranscriber } = openTranscriber(config, logger, installed)
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
    close: async () => {
      await closeTranscriber()
      await pool.close()
    },
  }
}
