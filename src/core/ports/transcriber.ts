import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../domain/utterance.js'

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
}

export interface Transcription {
  readonly utterances: ReadonlyArray<Utterance>
  readonly durationMs: number
}

/** Speech to text for recorded audio. */
export interface Transcriber {
  readonly name: string
  transcribe(audio: AudioSource): TE.TaskEither<TranscriptionFailure, Transcription>
}
