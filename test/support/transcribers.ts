import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AudioSource, ProgressListener, Transcriber, Transcription, TranscriptionFailure } from '../../src/core/ports/transcriber.js'

export const FAILING_TRANSCRIBER_MESSAGE = 'the test speech engine hears nothing'

/**
 * The harness's transcriber: configured (audio uploads are accepted) but every
 * call fails, as an engine that is down would. Audio is stored and served; its
 * processing fails with FAILING_TRANSCRIBER_MESSAGE.
 */
export const failingTranscriber = (): Transcriber => ({
  name: 'failing',
  available: true,
  transcribe: () => TE.left<TranscriptionFailure>({ _tag: 'TranscriptionFailure', message: FAILING_TRANSCRIBER_MESSAGE }),
})

/**
 * A transcriber the test drives: each call waits in `calls` until the test
 * reports progress through it and finishes it, so what readers see meanwhile
 * is known exactly.
 */
export const steppedTranscriber = () => {
  const waiting: Array<{ audio: AudioSource; progress: ProgressListener; finish(result: Transcription): void }> = []
  const arrivals: Array<() => void> = []
  const transcriber: Transcriber = {
    name: 'stepped',
    available: true,
    transcribe: (audio, onProgress) => () =>
      new Promise<E.Either<TranscriptionFailure, Transcription>>((resolve) => {
        waiting.push({ audio, progress: onProgress ?? (() => undefined), finish: (result) => resolve(E.right(result)) })
        arrivals.shift()?.()
      }),
  }
  return {
    transcriber,
    /** The next call, once processing has made it. */
    nextCall: async () => {
      if (waiting.length === 0) await new Promise<void>((r) => arrivals.push(r))
      return waiting.shift()!
    },
  }
}

/** An engine that knows English only, as pocketsphinx: audio in another language is refused at upload. Calls fail as failingTranscriber's. */
export const englishOnlyTranscriber = (): Transcriber => ({ ...failingTranscriber(), name: 'english-only', languages: ['en'] })
