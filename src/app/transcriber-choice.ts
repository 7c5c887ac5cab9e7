/**
 * Which speech-to-text engine this process uses: the one NOTETAKER_TRANSCRIBER names,
 * or with `auto` (the default) the best one really on this machine: a Whisper model
 * in DATA_DIR/models, else PocketSphinx when installed, else none. Chosen once at
 * start and logged, in words that say how to get a better one.
 */
import { join } from 'node:path'
import type { Logger } from 'pino'
import { createSherpaDiarizer, type Diarizer, withVoiceSpeakers } from '../../adapters/diarize-sherpa/index.js'
import { chooseModel, chooseSpeakerModels, loadCatalog, modelsDir } from '../../adapters/models/index.js'
import { withChannelSpeakers } from '../../adapters/transcribe-channels/index.js'
import { createNoTranscriber } from '../../adapters/transcribe-none/index.js'
import { createOpenAiTranscriber } from '../../adapters/transcribe-openai/index.js'
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from '../../adapters/transcribe-pocketsphinx/index.js'
import { createWhisperTranscriber } from '../../adapters/transcribe-whisper/index.js'
import type { Transcriber } from '../core/ports/transcriber.js'
import type { Config } from './config.js'

export type TranscriberName = 'none' | 'whisper' | 'pocketsphinx' | 'openai'

/** What `auto` finds on this machine; a test gives its own. */
export interface InstalledEngines {
  /** The Whisper model file to use, or null when none is present. */
  readonly whisperModel: string | null
  readonly pocketsphinx: boolean
}

type Setting = Config['NOTETAKER_TRANSCRIBER']

/** An OpenAI-compatible server's key, when one is set. */
export const optionalKey = (key: string) => (key === '' ? {} : { apiKey: key })

/** The engine a setting names; `auto` takes the best one installed. */
export const chooseTranscriber = (setting: Setting, installed: InstalledEngines): TranscriberName =>
  setting !== 'auto' ? setting : installed.whisperModel !== null ? 'whisper' : installed.pocketsphinx ? 'pocketsphinx' : 'none'

/** What is on this machine, as `auto` and a pinned `whisper` look for it. */
export const installedEngines = (config: Config): InstalledEngines => ({
  whisperModel: chooseModel(config.DATA_DIR, loadCatalog(config.NOTETAKER_MODELS_CATALOG), config.NOTETAKER_WHISPER_MODEL)?.path ?? null,
  pocketsphinx: pocketsphinxInstalled(),
})

const logChoice = (logger: Logger, setting: Setting, chosen: TranscriberName, engine: Transcriber | null) => {
  const how = setting === 'auto' ? 'found on this machine' : 'set by NOTETAKER_TRANSCRIBER'
  if (engine !== null && !engine.available) {
    logger.warn({ transcriber: chosen, setting }, `speech to text: ${chosen} cannot run, so audio uploads are refused: ${engine.setupHint ?? ''}`)
  } else if (chosen === 'none') {
    logger.warn(
      { transcriber: chosen, setting },
      setting === 'auto'
        ? 'speech to text: no engine is installed, so audio uploads are refused until one is (notetaker models pull base.en for Whisper, or apt-get install pocketsphinx pocketsphinx-en-us; then restart)'
        : 'speech to text: none (NOTETAKER_TRANSCRIBER=none), so audio uploads are refused; transcript files are still read',
    )
  } else {
    const model = engine?.model === undefined ? '' : `, model ${engine.model}`
    logger.info({ transcriber: chosen, setting, model: engine?.model ?? null }, `speech to text: ${chosen} (${how}${model})`)
  }
}

/** The speaker separation by voice the configuration and DATA_DIR/models allow, logged; null when there is none. */
const openDiarizer = (config: Config, logger: Logger | undefined): Diarizer | null => {
  if (config.NOTETAKER_SPEAKER_MODELS === 'off') return null
  const models = chooseSpeakerModels(config.DATA_DIR, loadCatalog(config.NOTETAKER_MODELS_CATALOG))
  if (models === null) {
    logger?.info(
      { speakerModels: null },
      'speakers: mono audio is one speaker, as no speaker models are in DATA_DIR/models (notetaker models pull pyannote-segmentation-3-0 and titanet-small, then restart, to tell voices apart)',
    )
    return null
  }
  const diarizer = createSherpaDiarizer({ segmentationModel: models.segmentation.path, embeddingModel: models.embedding.path })
  const names = `${models.segmentation.entry.name} and ${models.embedding.entry.name}`
  if (diarizer.available) logger?.info({ speakerModels: names }, `speakers: told apart by voice (${names})`)
  else logger?.warn({ speakerModels: names }, `speakers: not told apart by voice: ${diarizer.setupHint ?? ''}`)
  return diarizer.available ? diarizer : null
}

/** The transcriber the configuration asks for, and how to let go of what it loaded. */
export const openTranscriber = (config: Config, logger: Logger | undefined, installed: (config: Config) => InstalledEngines = installedEngines) => {
  const found = config.NOTETAKER_TRANSCRIBER === 'auto' || config.NOTETAKER_TRANSCRIBER === 'whisper' ? installed(config) : { whisperModel: null, pocketsphinx: false }
  const chosen = chooseTranscriber(config.NOTETAKER_TRANSCRIBER, found)
  const windows = config.NOTETAKER_TRANSCRIBE_WINDOW_SECONDS === 0 ? {} : { windowMs: config.NOTETAKER_TRANSCRIBE_WINDOW_SECONDS * 1000 }
  const whisper =
    chosen === 'whisper'
      ? createWhisperTranscriber({
          // Pinned without a model present: the name asked for (or base.en), so the refusal names the file to get.
          modelPath: found.whisperModel ?? join(modelsDir(config.DATA_DIR), `ggml-${config.NOTETAKER_WHISPER_MODEL || 'base.en'}.bin`),
          language: config.NOTETAKER_WHISPER_LANGUAGE,
          ...(config.NOTETAKER_WHISPER_THREADS === 0 ? {} : { threads: config.NOTETAKER_WHISPER_THREADS }),
          ...windows,
        })
      : null
  const engine: Transcriber | null =
    whisper ??
    (chosen === 'pocketsphinx'
      ? createPocketsphinxTranscriber(windows)
      : chosen === 'openai'
        ? createOpenAiTranscriber({ baseUrl: config.NOTETAKER_TRANSCRIBER_URL, model: config.NOTETAKER_TRANSCRIBER_MODEL, ...optionalKey(config.NOTETAKER_TRANSCRIBER_KEY) })
        : null)
  if (logger !== undefined) logChoice(logger, config.NOTETAKER_TRANSCRIBER, chosen, engine)
  const usable = engine !== null && engine.available
  const diarizer = usable ? openDiarizer(config, logger) : null
  // A stereo call recording with one voice per channel gives one speaker per channel, whatever the engine;
  // voices are told apart outside that, so a file split by channel is left as it is.
  const withSpeakers = (e: Transcriber) => {
    const channels = withChannelSpeakers(e)
    return diarizer === null ? channels : withVoiceSpeakers(channels, diarizer, { onNotSeparated: (why) => logger?.warn(why) })
  }
  return {
    transcriber: usable ? withSpeakers(engine) : (engine ?? createNoTranscriber()),
    close: async () => {
      await whisper?.close()
    },
  }
}
