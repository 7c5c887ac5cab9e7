/**
 * Which speech-to-text engine this process uses: the one NOTETAKER_TRANSCRIBER names,
 * or with `auto` (the default) the best one really on this machine: a usable Whisper model
 * in DATA_DIR/models, else PocketSphinx when installed, else none. A model file that cannot be
 * used (no weights, cut short) is passed over with a warning, never chosen. The choice is cheap
 * (a stat and a header read per file, remembered), so the live engine (speech-engine.ts) makes it
 * again whenever DATA_DIR/models changes.
 */
import { join } from 'node:path'
import type { Logger } from 'pino'
import { createSherpaDiarizer, type Diarizer, withVoiceSpeakers } from '../../../adapters/speech/diarize-sherpa/index.js'
import { chooseSpeakerModels, chooseUsableModel, loadCatalog, modelsDir, type SpeakerModels, unusableSpeakerModels } from '../../../adapters/speech/models/index.js'
import { withChannelSpeakers } from '../../../adapters/speech/transcribe-channels/index.js'
import { createNoTranscriber } from '../../../adapters/speech/transcribe-none/index.js'
import { createOpenAiTranscriber } from '../../../adapters/speech/transcribe-openai/index.js'
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from '../../../adapters/speech/transcribe-pocketsphinx/index.js'
import { createWhisperTranscriber, type WhisperGpu } from '../../../adapters/speech/transcribe-whisper/index.js'
import type { Transcriber } from '../../core/ports/transcriber.js'
import type { Config } from '../config/index.js'

export type TranscriberName = 'none' | 'whisper' | 'pocketsphinx' | 'openai'

/** A Whisper model file present that cannot be used, and why in words. */
export interface UnusableModel {
  readonly name: string
  readonly path: string
  readonly problem: string
}

/** What `auto` finds on this machine; a test gives its own. */
export interface InstalledEngines {
  /** The Whisper model file to use, or null when no usable one is present. */
  readonly whisperModel: string | null
  readonly pocketsphinx: boolean
  /** Whisper model files passed over, most preferred first. Absent: none. */
  readonly unusable?: ReadonlyArray<UnusableModel>
}

type Setting = Config['NOTETAKER_TRANSCRIBER']

/** An OpenAI-compatible server's key, when one is set. */
export const optionalKey = (key: string) => (key === '' ? {} : { apiKey: key })

/** The engine a setting names; `auto` takes the best one installed. */
export const chooseTranscriber = (setting: Setting, installed: InstalledEngines): TranscriberName =>
  setting !== 'auto' ? setting : installed.whisperModel !== null ? 'whisper' : installed.pocketsphinx ? 'pocketsphinx' : 'none'

/** What is on this machine, as `auto` and a pinned `whisper` look for it. */
export const installedEngines = (config: Config): InstalledEngines => {
  const { chosen, passedOver } = chooseUsableModel(config.DATA_DIR, loadCatalog(config.NOTETAKER_MODELS_CATALOG), config.NOTETAKER_WHISPER_MODEL)
  return {
    whisperModel: chosen?.path ?? null,
    pocketsphinx: pocketsphinxInstalled(),
    unusable: passedOver.map((p) => ({ name: p.present.entry.name, path: p.present.path, problem: p.problem })),
  }
}

/** Everything the engines are opened from: equal `key`s open the same engines. */
export interface EngineChoice {
  readonly setting: Setting
  readonly chosen: TranscriberName
  readonly found: InstalledEngines
  /** The speaker models, when both are present and voices are to be told apart. */
  readonly speakers: SpeakerModels | null
  /** Speaker model files present that cannot be used. */
  readonly unusableSpeakers: ReadonlyArray<UnusableModel>
  readonly key: string
}

const speakerModelsOf = (config: Config): SpeakerModels | null =>
  config.NOTETAKER_SPEAKER_MODELS === 'off' ? null : chooseSpeakerModels(config.DATA_DIR, loadCatalog(config.NOTETAKER_MODELS_CATALOG))

/** Reads what is on disk and chooses; cheap enough to run every few seconds. */
export const readChoice = (config: Config, installed: (config: Config) => InstalledEngines = installedEngines): EngineChoice => {
  const setting = config.NOTETAKER_TRANSCRIBER
  const found = setting === 'auto' || setting === 'whisper' ? installed(config) : { whisperModel: null, pocketsphinx: false }
  const chosen = chooseTranscriber(setting, found)
  const speakers = chosen === 'none' ? null : speakerModelsOf(config)
  const unusableSpeakers =
    config.NOTETAKER_SPEAKER_MODELS === 'off'
      ? []
      : unusableSpeakerModels(config.DATA_DIR, loadCatalog(config.NOTETAKER_MODELS_CATALOG)).map((p) => ({ name: p.present.entry.name, path: p.present.path, problem: p.problem }))
  const whisperFile = chosen === 'whisper' ? (found.whisperModel ?? found.unusable?.[0]?.path ?? '') : ''
  return { setting, chosen, found, speakers, unusableSpeakers, key: [chosen, whisperFile, speakers?.segmentation.path ?? '', speakers?.embedding.path ?? ''].join('\0') }
}

/** The warnings a choice carries: each unusable model, with what happens instead. */
export const choiceWarnings = (choice: EngineChoice): string[] => [
  ...(choice.found.unusable ?? []).map((u) =>
    choice.chosen === 'whisper' && choice.found.whisperModel === null
      ? `speech to text: the Whisper model ${u.name} (${u.path}) cannot be used: ${u.problem}; remove it (notetaker models remove ${u.name}) and pull or add it again`
      : `speech to text: the Whisper model ${u.name} (${u.path}) is passed over: ${u.problem}; ${choice.chosen === 'none' ? 'no other engine is installed' : `using ${choice.chosen === 'whisper' ? 'another Whisper model' : choice.chosen} instead`}. Remove it (notetaker models remove ${u.name}) and pull or add it again`,
  ),
  ...choice.unusableSpeakers.map((u) => `speakers: the speaker model ${u.name} (${u.path}) is passed over: ${u.problem}. Remove it (notetaker models remove ${u.name}) and pull or add it again`),
]

/** An engine opened from a choice, with how good it is in words (GET /server, the web app's settings). */
export interface OpenedEngine {
  readonly transcriber: Transcriber
  readonly accuracy: 'rough' | 'accurate' | undefined
  readonly description: string
  /** The model files it reads (the Whisper model, the speaker models): "in use". */
  readonly files: ReadonlyArray<string>
  readonly speakersByVoice: string | null
  close(): Promise<void>
}

const NO_ENGINE = 'No speech-to-text engine: audio uploads are refused (transcript files are still read)'

const describe = (chosen: TranscriberName, engine: Transcriber | null, config: Config): Pick<OpenedEngine, 'accuracy' | 'description'> => {
  if (engine === null || chosen === 'none') return { accuracy: undefined, description: NO_ENGINE }
  if (!engine.available) return { accuracy: undefined, description: `${chosen === 'whisper' ? `Whisper ${engine.model ?? ''}`.trim() : chosen} cannot run, so audio uploads are refused` }
  if (chosen === 'pocketsphinx') return { accuracy: 'rough', description: 'PocketSphinx: rough, English only' }
  if (chosen === 'whisper') return { accuracy: 'accurate', description: `Whisper ${engine.model ?? ''}: accurate, ${engine.languages === 'any' ? 'many languages' : 'English'}` }
  return { accuracy: 'accurate', description: `OpenAI-compatible service (${config.NOTETAKER_TRANSCRIBER_MODEL})` }
}

/** The engine's name and model in a user's words: "Whisper base.en", "PocketSphinx", "none". */
export const engineWords = (opened: Pick<OpenedEngine, 'transcriber'>): string => {
  const t = opened.transcriber
  if (!t.available) return 'none'
  return t.name === 'whisper' ? `Whisper ${t.model ?? ''}`.trim() : t.name === 'pocketsphinx' ? 'PocketSphinx' : t.name === 'openai' ? 'the OpenAI-compatible service' : t.name
}

const logChoice = (logger: Logger, setting: Setting, chosen: TranscriberName, engine: Transcriber | null) => {
  const how = setting === 'auto' ? 'found on this machine' : 'set by NOTETAKER_TRANSCRIBER'
  if (engine !== null && !engine.available) {
    logger.warn({ transcriber: chosen, setting }, `speech to text: ${chosen} cannot run, so audio uploads are refused: ${engine.setupHint ?? ''}`)
  } else if (chosen === 'none') {
    logger.warn(
      { transcriber: chosen, setting },
      setting === 'auto'
        ? 'speech to text: no engine is installed, so audio uploads are refused until one is (notetaker models pull base.en, or Download in the web app\'s speech settings, for Whisper: no restart needed; or apt-get install pocketsphinx pocketsphinx-en-us, then restart)'
        : 'speech to text: none (NOTETAKER_TRANSCRIBER=none), so audio uploads are refused; transcript files are still read',
    )
  } else {
    const model = engine?.model === undefined ? '' : `, model ${engine.model}`
    logger.info({ transcriber: chosen, setting, model: engine?.model ?? null }, `speech to text: ${chosen} (${how}${model})`)
  }
}

/** The speaker separation by voice the models chosen allow, logged; null when there is none. */
const openDiarizer = (config: Config, speakers: SpeakerModels | null, logger: Logger | undefined): Diarizer | null => {
  if (config.NOTETAKER_SPEAKER_MODELS === 'off') return null
  if (speakers === null) {
    logger?.info(
      { speakerModels: null },
      'speakers: mono audio is one speaker, as no speaker models are in DATA_DIR/models (notetaker models pull pyannote-segmentation-3-0 and titanet-small to tell voices apart; no restart needed)',
    )
    return null
  }
  const diarizer = createSherpaDiarizer({ segmentationModel: speakers.segmentation.path, embeddingModel: speakers.embedding.path })
  const names = `${speakers.segmentation.entry.name} and ${speakers.embedding.entry.name}`
  if (diarizer.available) logger?.info({ speakerModels: names }, `speakers: told apart by voice (${names})`)
  else logger?.warn({ speakerModels: names }, `speakers: not told apart by voice: ${diarizer.setupHint ?? ''}`)
  return diarizer.available ? diarizer : null
}

/** The threads, memory and GPU build one Whisper transcription may take, where the settings say (0 and `off`: the engine's defaults, by cores and model size, on the CPU). */
export const whisperLimits = (
  config: Pick<Config, 'NOTETAKER_WHISPER_THREADS' | 'NOTETAKER_WHISPER_MAX_MEMORY_MB' | 'NOTETAKER_WHISPER_GPU'>,
): { threads?: number; maxMemoryBytes?: number; gpu?: WhisperGpu } => ({
  ...(config.NOTETAKER_WHISPER_GPU === 'off' ? {} : { gpu: config.NOTETAKER_WHISPER_GPU }),
  ...(config.NOTETAKER_WHISPER_THREADS === 0 ? {} : { threads: config.NOTETAKER_WHISPER_THREADS }),
  ...(config.NOTETAKER_WHISPER_MAX_MEMORY_MB === 0 ? {} : { maxMemoryBytes: config.NOTETAKER_WHISPER_MAX_MEMORY_MB * 1024 * 1024 }),
})

/** Opens the engines a choice names; `logger` hears which (and, for the start, in the start's words). */
export const openChoice = (config: Config, choice: EngineChoice, logger: Logger | undefined, options: { logStart: boolean } = { logStart: true }): OpenedEngine => {
  const { found } = choice
  const windows = config.NOTETAKER_TRANSCRIBE_WINDOW_SECONDS === 0 ? {} : { windowMs: config.NOTETAKER_TRANSCRIBE_WINDOW_SECONDS * 1000 }
  const asked =
    choice.chosen === 'whisper'
      ? createWhisperTranscriber({
          // Pinned without a usable model: the file that cannot be used, or the name asked for (or base.en), so the refusal names the file to get.
          modelPath: found.whisperModel ?? found.unusable?.[0]?.path ?? join(modelsDir(config.DATA_DIR), `ggml-${config.NOTETAKER_WHISPER_MODEL || 'base.en'}.bin`),
          language: config.NOTETAKER_WHISPER_LANGUAGE,
          ...whisperLimits(config),
          ...windows,
        })
      : null
  // With `auto`, a Whisper that cannot run (its package missing, the model refused by whisper.cpp) gives way to
  // the next engine, so audio is never refused while one works; a pinned `whisper` keeps its refusal.
  const givesWay = asked !== null && !asked.available && choice.setting === 'auto'
  if (givesWay) logger?.warn({ transcriber: 'whisper' }, `speech to text: Whisper cannot run (${asked.setupHint ?? ''}); using ${found.pocketsphinx ? 'pocketsphinx' : 'none'} instead`)
  const whisper = givesWay ? null : asked
  if (whisper?.gpuProblem !== undefined) logger?.warn({ transcriber: 'whisper', gpu: config.NOTETAKER_WHISPER_GPU }, `speech to text: NOTETAKER_WHISPER_GPU=${config.NOTETAKER_WHISPER_GPU} is not used, so Whisper transcribes on the CPU: ${whisper.gpuProblem}`)
  const chosen: TranscriberName = givesWay ? (found.pocketsphinx ? 'pocketsphinx' : 'none') : choice.chosen
  const engine: Transcriber | null =
    whisper ??
    (chosen === 'pocketsphinx'
      ? createPocketsphinxTranscriber(windows)
      : chosen === 'openai'
        ? createOpenAiTranscriber({ baseUrl: config.NOTETAKER_TRANSCRIBER_URL, model: config.NOTETAKER_TRANSCRIBER_MODEL, ...optionalKey(config.NOTETAKER_TRANSCRIBER_KEY) })
        : null)
  if (logger !== undefined && options.logStart) logChoice(logger, choice.setting, chosen, engine)
  const usable = engine !== null && engine.available
  const diarizer = usable ? openDiarizer(config, choice.speakers, options.logStart ? logger : undefined) : null
  // A stereo call recording with one voice per channel gives one speaker per channel, whatever the engine;
  // voices are told apart outside that, so a file split by channel is left as it is.
  const withSpeakers = (e: Transcriber) => {
    const channels = withChannelSpeakers(e)
    return diarizer === null ? channels : withVoiceSpeakers(channels, diarizer, { onNotSeparated: (why) => logger?.warn(why) })
  }
  const speakersByVoice = diarizer === null || choice.speakers === null ? null : `${choice.speakers.segmentation.entry.name} and ${choice.speakers.embedding.entry.name}`
  return {
    transcriber: usable ? withSpeakers(engine) : (engine ?? createNoTranscriber()),
    ...describe(chosen, engine, config),
    files: [
      ...(usable && whisper !== null && found.whisperModel !== null ? [found.whisperModel] : []),
      ...(diarizer === null || choice.speakers === null ? [] : [choice.speakers.segmentation.path, choice.speakers.embedding.path]),
    ],
    speakersByVoice,
    close: async () => {
      await asked?.close()
    },
  }
}
