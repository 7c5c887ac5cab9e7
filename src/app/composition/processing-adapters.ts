/** The transcriber, transcript parser and analyzer the configuration asks for. */
import type { Logger } from 'pino'
import { createOpenAiAnalyzer } from '../../../adapters/notes/openai/index.js'
import * as E from 'fp-ts/lib/Either.js'
import { probeAudio } from '../../../adapters/speech/audio/index.js'
import type { FeedParser } from '../../../adapters/outbound/calendar-ics/index.js'
import { createCpuPool } from '../../../adapters/speech/cpu-pool/index.js'
import type { Config } from '../config/index.js'
import { notesEngines } from './notes-engines.js'
import { PROCESSING_SLOTS } from './processing-slots.js'
import { createModelService, loadCatalog, modelsDir } from '../../../adapters/speech/models/index.js'
import { watchFolder } from '../service/models-watch.js'
import { createSpeechEngine } from './speech-engine.js'
import { type InstalledEngines, openChoice, optionalKey, readChoice } from './transcriber-choice.js'
import type { Ports } from '../../core/build-core.js'

type ProcessingPorts = Pick<
  Ports,
  | 'transcriptParser'
  | 'transcriber'
  | 'analyzer'
  | 'notesEngines'
  | 'maxUploadBytes'
  | 'maxTranscriptBytes'
  | 'maxUtterances'
  | 'processingTimeout'
  | 'audioLengthMs'
  | 'speechModels'
>

/** How often every process looks at DATA_DIR/models for a model added, pulled or removed (by any process, or by hand). */
export const MODELS_LOOK_EVERY_MS = 3000


const MB = 1024 * 1024

/**
 * The processing ports, the CPU pool's calendar feed reader (for calendarPorts: one pool for the
 * process), and `close` for the worker threads that read and analyze transcripts and feeds and the speech engine's model.
 */
export const processingAdapters = (
  config: Config,
  logger?: Logger,
  installed?: (config: Config) => InstalledEngines,
  options: { modelsLookEveryMs?: number } = {},
): { ports: ProcessingPorts; feedParser: FeedParser; close(): Promise<void> } => {
  // A thread for each processing slot at least: a job whose task waited for the one thread another
  // account's long task holds would make the fair claim (workers.ts) of no use.
  const pool = createCpuPool({ threads: Math.max(config.NOTETAKER_PROCESSING_THREADS, PROCESSING_SLOTS) })
  const builtin = pool.analyzer
  // The engine follows DATA_DIR/models without a restart: this process's changes at once, any other's at the next look.
  const transcriber = createSpeechEngine({
    choose: () => readChoice(config, installed),
    open: (choice, first) => openChoice(config, choice, logger, { logStart: first }),
    ...(logger === undefined ? {} : { logger }),
  })
  const watch = watchFolder(modelsDir(config.DATA_DIR), options.modelsLookEveryMs ?? MODELS_LOOK_EVERY_MS, () => void transcriber.refresh())
  const speechModels = createModelService({
    dataDir: config.DATA_DIR,
    catalog: loadCatalog(config.NOTETAKER_MODELS_CATALOG),
    mirror: config.NOTETAKER_MODELS_URL,
    refresh: (reason) => transcriber.refresh(reason),
    filesInUse: () => transcriber.filesInUse(),
    ...(logger === undefined ? {} : { logger }),
  })
  const analyzer =
    config.NOTETAKER_ANALYZER === 'openai'
      ? createOpenAiAnalyzer({
          baseUrl: config.NOTETAKER_ANALYZER_URL,
          model: config.NOTETAKER_ANALYZER_MODEL,
          contextTokens: config.NOTETAKER_ANALYZER_CONTEXT_TOKENS,
          // the evidence and the fallback are the same built-in analysis, made once, on the pool
          evidence: builtin,
          fallback: builtin,
          ...(logger === undefined ? {} : { logger }),
          ...optionalKey(config.NOTETAKER_ANALYZER_KEY),
        })
      : builtin
  return {
    ports: {
      transcriptParser: pool.transcriptParser,
      transcriber,
      speechModels,
      analyzer,
      // What the notes settings of each organization (or account) choose between, at each analysis.
      notesEngines: notesEngines({ config, builtin, ...(logger === undefined ? {} : { logger }) }),
      maxUploadBytes: config.NOTETAKER_MAX_UPLOAD_MB * MB,
      maxTranscriptBytes: config.NOTETAKER_MAX_TRANSCRIPT_MB * MB,
      maxUtterances: config.NOTETAKER_MAX_UTTERANCES,
      processingTimeout: {
        baseMs: config.NOTETAKER_PROCESSING_TIMEOUT_MINUTES * 60_000,
        perAudioMinuteMs: config.NOTETAKER_PROCESSING_TIMEOUT_PER_AUDIO_MINUTE * 60_000,
      },
      // From the header (no decoding); a file whose length cannot be read gets the limit for 4 hours of audio.
      audioLengthMs: async (path) => {
        const probe = await probeAudio(path)()
        return E.isRight(probe) ? probe.right.durationMs : null
      },
    },
    feedParser: pool.feedParser,
    close: async () => {
      watch.stop()
      await speechModels.close()
      await transcriber.close()
      await pool.close()
    },
  }
}
