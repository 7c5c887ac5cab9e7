import type * as TE from 'fp-ts/lib/TaskEither.js'

/** A stretch of the recording one voice speaks in; `speaker` is the diarizer's own index (0, 1, …). */
export interface SpeakerTurn {
  readonly startMs: number
  readonly endMs: number
  readonly speaker: number
}

export interface DiarizationFailure {
  readonly _tag: 'DiarizationFailure'
  /** Words a user understands. */
  readonly message: string
}

/** Who spoke when, by voice. */
export interface Diarizer {
  readonly name: string
  /** False when its models or native library are missing or unusable: `setupHint` says why. */
  readonly available: boolean
  readonly setupHint?: string
  /** The turns of an audio file (any format ffmpeg decodes), in time order; `onProgress` from 0 to 1 where it can tell. */
  diarize(path: string, onProgress?: (fraction: number) => void): TE.TaskEither<DiarizationFailure, ReadonlyArray<SpeakerTurn>>
}
