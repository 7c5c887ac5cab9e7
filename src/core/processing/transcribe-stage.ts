import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { attributeSpeakers, isSpeakerTurn, readJsonLines, type SpeakerTurn } from '../domain/recordings/bot-recording.js'
import type { Run } from '../domain/recordings/run.js'
import type { SpeakerSeparation } from '../domain/recordings/speaker-separation.js'
import { CAPTIONS_TRANSCRIPT, type TranscribedBy } from '../domain/recordings/transcribed-by.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import type { TranscriptFormat } from '../ports/transcript-parser.js'
import { finalFailure, type JobFailure, type StoreFailure } from '../errors.js'
import { moveRun, readBlobBytes, readBlobText } from '../recordings/index.js'
import type { ProcessDeps } from './process-deps.js'
import { transient } from './processing-failures.js'
import type { Deadline } from './processing-deadline.js'
import { afterProgress, progressReporter } from './report-progress.js'
import { blobCheckpoint, checkpointKey } from './transcription-checkpoint.js'
import { transcriptWarnings } from './transcript-warnings.js'

export interface Transcribed {
  readonly utterances: ReadonlyArray<Utterance>
  readonly durationMs: number | null
  /** What the engine reported; null for a transcript file, or an engine that cannot say. */
  readonly language: string | null
  readonly speakerSeparation: SpeakerSeparation
  /** How a transcript file was read (parts left out, a guessed encoding: see transcriptWarnings), or what the speech engine warned of (a transcript mostly one phrase repeated). */
  readonly warnings: ReadonlyArray<string>
  /** The engine that made the transcript; null for an uploaded transcript file, `captions` for a bot's captions. */
  readonly transcribedBy: TranscribedBy | null
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

const tooLargeOr = (deps: ProcessDeps) => (e: StoreFailure | { readonly _tag: 'TooLarge' }): JobFailure =>
  e._tag === 'TooLarge' ? finalFailure(`a transcript file must be at most ${megabytes(deps.maxTranscriptBytes)}`) : transient(e)

export const readText = (deps: ProcessDeps, key: string): TE.TaskEither<JobFailure, string> =>
  pipe(
    readBlobText(deps.blobs, key, deps.maxTranscriptBytes),
    TE.mapLeft(tooLargeOr(deps)),
    TE.flatMap(TE.fromOption(() => finalFailure('the stored file is missing'))),
  )

/** A transcript file's bytes: the parser finds their character encoding. */
const readBytes = (deps: ProcessDeps, key: string): TE.TaskEither<JobFailure, Uint8Array> =>
  pipe(
    readBlobBytes(deps.blobs, key, deps.maxTranscriptBytes),
    TE.mapLeft(tooLargeOr(deps)),
    TE.flatMap(TE.fromOption(() => finalFailure('the stored file is missing'))),
  )

const withinLimit = (deps: ProcessDeps) => (utterances: ReadonlyArray<Utterance>) => utterances.length <= deps.maxUtterances
const tooMany = (deps: ProcessDeps) => (utterances: ReadonlyArray<Utterance>): JobFailure =>
  finalFailure(`the transcript has ${utterances.length.toLocaleString('en')} utterances; at most ${deps.maxUtterances.toLocaleString('en')} can be processed`)

/**
 * Speech or a transcript file becomes utterances; with the audio's length and language when known.
 * Reports the `transcribing` stage's progress. Audio is transcribed with a checkpoint in the blob
 * store, so a transcription cut off by a restart (or retried after a failure) resumes after the
 * windows it had finished. The deadline's signal stops the engine; audio extends the deadline by its length.
 */
export const transcribe = (deps: ProcessDeps, run: Run, deadline: Deadline): TE.TaskEither<JobFailure, Transcribed> => {
  const source = run.source
  if (source === null) return TE.left(finalFailure('the recording has nothing to process'))
  const progress = progressReporter(deps, run, 'transcribing')
  if (source.kind === 'transcript') {
    return pipe(
      readBytes(deps, source.key),
      TE.flatMap((bytes) =>
        pipe(deps.transcriptParser.parse(source.format as TranscriptFormat, bytes, { maxUtterances: deps.maxUtterances }, { signal: deadline.signal }), TE.mapLeft((f) => finalFailure(f.message))),
      ),
      // A file is read whole: nothing, then all of it.
      TE.tap(() => TE.fromIO(() => progress.report(1))),
      afterProgress(progress),
      TE.map((parsed): Transcribed => ({
        utterances: parsed.utterances,
        durationMs: null,
        language: null,
        speakerSeparation: 'transcript',
        warnings: transcriptWarnings(parsed),
        // A bot's transcript (its only kind) is the meeting's captions; an uploaded file was made by no engine of ours.
        transcribedBy: run.origin === 'upload' ? null : CAPTIONS_TRANSCRIPT,
      })),
    )
  }
  return pipe(
    deps.blobs.localFile(source.key),
    TE.mapLeft(transient),
    TE.flatMap(TE.fromOption(() => finalFailure('the stored audio is missing'))),
    // The local copy is released however the transcription ends.
    TE.flatMap((file) =>
      TE.bracket(
        TE.right(file),
        (f) => transcribeFile(deps, run, deadline, f.path, progress.report),
        (f) => TE.tryCatch(() => f.done(), (e) => finalFailure(String(e))),
      ),
    ),
    afterProgress(progress),
    TE.filterOrElse((tr) => tr.utterances.length > 0, () => finalFailure('no speech was recognised in the audio')),
    TE.filterOrElse((tr) => withinLimit(deps)(tr.utterances), (tr) => tooMany(deps)(tr.utterances)),
    TE.flatMap((tr) =>
      pipe(
        speakerTurns(deps, source.speakersKey),
        TE.map((turns): Transcribed => ({
          utterances: turns.length === 0 ? tr.utterances : attributeSpeakers(tr.utterances, turns),
          durationMs: tr.durationMs,
          language: tr.language ?? null,
          transcribedBy: tr.madeBy ?? engineOf(deps),
          speakerSeparation: turns.length === 0 ? (tr.speakerSeparation ?? 'none') : 'captions',
          warnings: tr.warnings ?? [],
        })),
      ),
    ),
  )
}

/** The speech engine on the audio's local copy, with a checkpoint; the audio's length (when known) extends the deadline. */
const transcribeFile = (deps: ProcessDeps, run: Run, deadline: Deadline, path: string, report: (fraction: number) => void) =>
  pipe(
    TE.tryCatch(
      async () => deadline.allowAudio(run.recordingSeconds !== null ? run.recordingSeconds * 1000 : ((await deps.audioLengthMs?.(path)) ?? null)),
      (e) => finalFailure(String(e)),
    ),
    TE.flatMap(() => {
      const audio = {
        path,
        defaultSpeaker: 'Speaker 1',
        checkpoint: blobCheckpoint(deps.blobs, checkpointKey(run.accountId, run.id)),
        signal: deadline.signal,
        ...(run.language === null ? {} : { language: run.language }),
      }
      return TE.tryCatch(() => deps.transcriber.transcribe(audio, report)(), (e) => finalFailure(String(e)))
    }),
    TE.flatMap(E.match((f) => TE.left(finalFailure(f.message)), (transcribed) => TE.right(transcribed))),
  )

/** An engine that does not name itself (`madeBy`; one given to the embedding facade) is the transcriber port's own. */
const engineOf = (deps: ProcessDeps): TranscribedBy => ({ engine: deps.transcriber.name, model: deps.transcriber.model ?? null, accuracy: deps.transcriber.accuracy ?? null })

/** A bot's speaker timeline (JSON lines), which names the speakers of its transcribed audio; none for uploads. */
const speakerTurns = (deps: ProcessDeps, key: string | undefined): TE.TaskEither<JobFailure, ReadonlyArray<SpeakerTurn>> =>
  key === undefined
    ? TE.right([])
    : pipe(
        readText(deps, key),
        TE.map((text) => readJsonLines(text, isSpeakerTurn)),
      )

/**
 * Stores the transcript (readable from now on, whatever happens to the analysis), with the audio's
 * length on the upload, moves the run on to `analysing`, and drops the transcription's checkpoint.
 */
export const keepTranscript = (deps: ProcessDeps, run: Run, transcribed: Transcribed, signal?: AbortSignal): TE.TaskEither<JobFailure, Run> => {
  const spokenMs = transcribed.utterances.reduce((m, u) => Math.max(m, u.end_ms), 0)
  // Stopped by the time limit meanwhile: the recording is failed by then, and nothing more is written.
  if (signal?.aborted === true) return TE.left(finalFailure('processing was stopped'))
  return pipe(
    deps.notes.replace(run.id, null, transcribed.utterances),
    TE.flatMap(() => deps.uploads.findByRun(run.accountId, run.id)),
    TE.flatMap(
      O.match(
        () => TE.right(undefined),
        (u) => TE.map(() => undefined)(deps.uploads.update({ ...u, durationMs: transcribed.durationMs ?? spokenMs, warnings: [...transcribed.warnings] })),
      ),
    ),
    TE.flatMap(() => moveRun(deps)(run, 'analysing', { detectedLanguage: transcribed.language, speakerSeparation: transcribed.speakerSeparation, transcribedBy: transcribed.transcribedBy })),
    TE.tap(() => deps.blobs.remove(checkpointKey(run.accountId, run.id))),
    TE.mapLeft(transient),
  )
}
