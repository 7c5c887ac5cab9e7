import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AudioFailure, audioFailure } from './audio-failure.js'
import { type DecodeOptions, decodeToWav16kMono } from './decode-wav.js'
import { probeAudio } from './probe-audio.js'

export interface DecodedWav {
  /** 16 kHz mono PCM WAV in a private temporary folder, removed once `use` settles. */
  readonly path: string
  /** Folder the caller may put its own scratch files in; removed with the WAV. */
  readonly dir: string
  readonly durationMs: number
}

/**
 * Decodes `inputPath` to a temporary 16 kHz mono WAV, measures it, hands it to `use`, and
 * removes the temporary folder whatever `use` returns. The duration is that of the decoded
 * audio, so it holds even for containers whose headers carry none (e.g. some WebM files).
 */
export const withWav16kMono = <E, A>(
  inputPath: string,
  onAudioFailure: (failure: AudioFailure) => E,
  use: (wav: DecodedWav) => TE.TaskEither<E, A>,
  options: DecodeOptions = {},
): TE.TaskEither<E, A> =>
  TE.bracket(
    TE.tryCatch(
      () => mkdtemp(join(tmpdir(), 'notetaker-audio-')),
      (e) => onAudioFailure(audioFailure(`cannot create a temporary folder: ${(e as Error).message}`)),
    ),
    (dir) => {
      const path = join(dir, 'audio-16k-mono.wav')
      return pipe(
        decodeToWav16kMono(inputPath, path, options),
        TE.flatMap(() => probeAudio(path)),
        TE.mapLeft(onAudioFailure),
        TE.flatMap((probe) => use({ path, dir, durationMs: probe.durationMs })),
      )
    },
    // A scratch folder that cannot be removed must not turn a finished transcription into a failure.
    (dir) => TE.fromTask(() => rm(dir, { recursive: true, force: true }).catch(() => undefined)),
  )
