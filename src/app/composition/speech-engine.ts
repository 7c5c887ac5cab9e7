/**
 * The speech engine that follows DATA_DIR/models without a restart: a Transcriber that hands every
 * call and property to the engine chosen now (transcriber-choice.ts). `refresh()` chooses again
 * (cheap: a stat and a header read per file, remembered); when the choice changed it opens the new
 * engines, swaps, says so in the log, and closes the old ones once the transcriptions they run
 * have finished. A transcription keeps the engine it started with to its end, and its result names
 * that engine (`madeBy`), so every engine is named without each adapter saying so.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import type { TranscribedBy } from '../../core/domain/recordings/transcribed-by.js'
import type { Transcriber, Transcription } from '../../core/ports/transcriber.js'
import { choiceWarnings, type EngineChoice, engineWords, type OpenedEngine } from './transcriber-choice.js'

export interface SpeechEngine extends Transcriber {
  /** Chooses again, now; resolves true when the engine (or the speaker separation) changed. `reason` is for the log: "base.en was downloaded". */
  refresh(reason?: string): Promise<boolean>
  /** The model files the engines in use read (to mark them "in use"). */
  filesInUse(): ReadonlyArray<string>
  /** Closes the engine in use (after its transcriptions), and any still finishing. */
  close(): Promise<void>
}

interface Generation {
  readonly opened: OpenedEngine
  readonly key: string
  inFlight: number
  retired: boolean
  closing: boolean
  /** Settles once its engines are closed. */
  readonly closed: Promise<void>
  readonly markClosed: () => void
}

const generation = (opened: OpenedEngine, key: string): Generation => {
  let markClosed = () => {}
  const closed = new Promise<void>((ok) => (markClosed = ok))
  return { opened, key, inFlight: 0, retired: false, closing: false, closed, markClosed }
}

export interface SpeechEngineOptions {
  /** Reads what is on disk and chooses. */
  readonly choose: () => EngineChoice
  /** Opens the engines of a choice; `first` for the start (which logs the choice in full). */
  readonly open: (choice: EngineChoice, first: boolean) => OpenedEngine
  readonly logger?: Logger
}

/** The engine a transcription ran on, for the recording ("Transcript by Whisper base.en"). */
const madeBy = (opened: OpenedEngine): TranscribedBy => ({ engine: opened.transcriber.name, model: opened.transcriber.model ?? null, accuracy: opened.accuracy ?? null })

/** Why the engine changed when the caller did not say: from what it was and what it is. */
const reasonFor = (before: OpenedEngine, after: OpenedEngine): string => {
  const was = before.transcriber.available ? before.transcriber.name : 'none'
  const is = after.transcriber.available ? after.transcriber.name : 'none'
  if (is === 'whisper' && was !== 'whisper') return 'a Whisper model was added'
  if (was === 'whisper' && is !== 'whisper') return 'its Whisper model was removed or cannot be used'
  if (was === 'whisper') return 'the Whisper models changed'
  return 'the models changed'
}

export const createSpeechEngine = (options: SpeechEngineOptions): SpeechEngine => {
  const { logger } = options
  // Each warning once while it holds: said again only if it went away and came back.
  let warned = new Set<string>()
  const warn = (choice: EngineChoice) => {
    const now = new Set(choiceWarnings(choice))
    for (const w of now) if (!warned.has(w)) logger?.warn({ transcriber: choice.chosen }, w)
    warned = now
  }
  const first = options.choose()
  warn(first)
  let current = generation(options.open(first, true), first.key)
  const finishing = new Set<Generation>()
  let closed = false

  const closeWhenIdle = (g: Generation) => {
    if (!g.retired || g.inFlight > 0 || g.closing) return
    g.closing = true
    void g.opened
      .close()
      .catch((e: unknown) => logger?.warn({ err: e }, `speech to text: the previous engine did not close cleanly: ${(e as Error).message}`))
      .finally(() => {
        finishing.delete(g)
        g.markClosed()
      })
  }

  const retire = (g: Generation) => {
    g.retired = true
    finishing.add(g)
    closeWhenIdle(g)
  }

  const refresh = async (reason?: string): Promise<boolean> => {
    if (closed) return false
    let choice: EngineChoice
    try {
      choice = options.choose()
    } catch (e) {
      logger?.warn({ err: e }, `speech to text: could not look at the models again, so the engine stays as it is: ${(e as Error).message}`)
      return false
    }
    warn(choice)
    if (choice.key === current.key) return false
    const before = current
    const opened = options.open(choice, false)
    current = generation(opened, choice.key)
    const why = reason ?? reasonFor(before.opened, opened)
    const now = engineWords(opened)
    if (now !== engineWords(before.opened) || opened.transcriber.model !== before.opened.transcriber.model) {
      if (opened.transcriber.available) logger?.info({ transcriber: opened.transcriber.name, model: opened.transcriber.model ?? null }, `speech to text: now ${now} (${why}); the next transcription uses it`)
      else logger?.warn({ transcriber: opened.transcriber.name }, `speech to text: now none (${why}), so audio uploads are refused: ${opened.transcriber.setupHint ?? ''}`)
    }
    if (opened.speakersByVoice !== before.opened.speakersByVoice)
      logger?.info(
        { speakerModels: opened.speakersByVoice },
        opened.speakersByVoice === null
          ? `speakers: now one speaker for mono audio (${reason ?? 'a speaker model was removed or cannot be used'})`
          : `speakers: now told apart by voice (${opened.speakersByVoice}); the next transcription does it`,
      )
    retire(before)
    return true
  }

  const engine: SpeechEngine = {
    get name() {
      return current.opened.transcriber.name
    },
    get model() {
      return current.opened.transcriber.model
    },
    get available() {
      return current.opened.transcriber.available
    },
    get setupHint() {
      return current.opened.transcriber.setupHint
    },
    get languages() {
      return current.opened.transcriber.languages
    },
    get accuracy() {
      return current.opened.accuracy
    },
    get description() {
      return current.opened.description
    },
    transcribe: (audio, onProgress) => async () => {
      // The engine is taken when the task runs, and kept to its end even if another is chosen meanwhile.
      const g = current
      g.inFlight++
      try {
        const result = await g.opened.transcriber.transcribe(audio, onProgress)()
        return E.map((t: Transcription): Transcription => ({ ...t, madeBy: t.madeBy ?? madeBy(g.opened) }))(result)
      } finally {
        g.inFlight--
        closeWhenIdle(g)
      }
    },
    refresh,
    filesInUse: () => current.opened.files,
    close: async () => {
      if (!closed) {
        closed = true
        retire(current)
      }
      // An engine still transcribing is closed as soon as it finishes.
      await Promise.all([...finishing].map((g) => g.closed))
    },
  }
  return engine
}
