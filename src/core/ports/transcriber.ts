import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Languages } from '../domain/recordings/language.js'
import type { SpeakerSeparation } from '../domain/recordings/speaker-separation.js'
import type { TranscribedBy, TranscriptAccuracy } from '../domain/recordings/transcribed-by.js'
import type { Utterance } from '../domain/recordings/utterance.js'

export type { SpeakerSeparation } from '../domain/recordings/speaker-separation.js'

export interface TranscriptionFailure {
  readonly _tag: 'TranscriptionFailure'
  /** Words a user understands, e.g. how to configure a transcriber. */
  readonly message: string
}

export interface AudioSource {
  /** Absolute path of a local file the transcriber may read (any container ffmpeg decodes). */
  readonly path: string
  /** Speaker to attribute speech to when the engine cannot tell speakers apart. */
  readonly defaultSpeaker: string
  /**
   * The language spoken, as the upload named it (see domain/language.ts): a code
   * such as `de` or `pt-BR`, or `auto` to detect it. Absent: the engine's default.
   */
  readonly language?: string
  /** Where the engine keeps the windows it finishes, so a transcription cut off (a restart) resumes after them. Absent: none is kept. */
  readonly checkpoint?: TranscriptionCheckpoint
  /** Aborts when the processing time limit passes: the engine stops (kills its programs) and fails. */
  readonly signal?: AbortSignal
}

/** One finished window of a long transcription. */
export interface FinishedWindow {
  readonly startMs: number
  readonly endMs: number
  /** On the whole file's clock. */
  readonly utterances: ReadonlyArray<Utterance>
  readonly language?: string
}

/**
 * What a transcription has finished so far, kept outside the process. `engine` names the engine
 * and everything that decides its windows and words (model, window length, channel), so windows
 * another engine or plan made are never mixed in.
 */
export interface TranscriptionCheckpoint {
  /** The windows an earlier attempt finished on the same audio with this `engine`; empty at first. */
  load(engine: string): Promise<ReadonlyArray<FinishedWindow>>
  /** Keeps one more finished window. Never rejects: a window not kept is only done again after a restart. */
  save(engine: string, window: FinishedWindow): Promise<void>
}


export interface Transcription {
  readonly utterances: ReadonlyArray<Utterance>
  readonly durationMs: number
  /** The language code the engine detected, or the one it transcribed in; absent when it cannot say. */
  readonly language?: string
  /** How its speakers were told apart; absent means `none` (one speaker throughout). */
  readonly speakerSeparation?: SpeakerSeparation
  /** What the user should know about the words, in a sentence each (a transcript mostly one phrase repeated). Absent: none. */
  readonly warnings?: ReadonlyArray<string>
  /**
   * The engine that really did the work, filled by the live engine (app/speech-engine.ts) from the engine
   * the transcription ran on, which may no longer be the one in use when it finishes. Absent: the engine does not say.
   */
  readonly madeBy?: TranscribedBy
}

/** Told how much of the audio has been transcribed so far, from 0 to 1; called as often as the engine knows. */
export type ProgressListener = (fraction: number) => void

/** Speech to text for recorded audio. */
export interface Transcriber {
  readonly name: string
  /** The model it runs, for engines that load one (a Whisper model's name); reported by GET /server. */
  readonly model?: string
  /**
   * How good its words are, for a reader choosing whether to get a better engine: `rough` (PocketSphinx:
   * many words wrong) or `accurate` (Whisper, a speech-to-text service). Absent: not known.
   */
  readonly accuracy?: TranscriptAccuracy
  /** The engine and its accuracy in a few words: "PocketSphinx: rough, English only", "Whisper base.en: accurate, English". */
  readonly description?: string
  /**
   * Whether this engine can transcribe at all. When false, uploads of audio are
   * refused up front (422) with `setupHint`, instead of being accepted and failing.
   */
  readonly available: boolean
  /** When not available: what a user must do to get audio transcribed, in their words. */
  readonly setupHint?: string
  /**
   * The languages it can transcribe (base codes such as `en`), or `any`. An upload
   * naming another language is refused up front (422). Absent: not known, none refused.
   */
  readonly languages?: Languages
  /** `onProgress` is called as the engine gets through the audio, where the engine can tell; never after the task settles. */
  transcribe(audio: AudioSource, onProgress?: ProgressListener): TE.TaskEither<TranscriptionFailure, Transcription>
}
