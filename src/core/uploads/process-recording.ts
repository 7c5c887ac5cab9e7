import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { attributeSpeakers, isSpeakerTurn, readJsonLines, type SpeakerTurn } from '../domain/bot-recording.js'
import { withActionItemIds } from '../domain/notes-edits.js'
import type { Run } from '../domain/run.js'
import type { Utterance } from '../domain/utterance.js'
import type { AppError } from '../errors.js'
import type { Analyzer } from '../ports/analyzer.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { JobFailure, JobHandler, JobReport } from '../ports/job-handler.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesStore, RunStore, UploadStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { TranscriptFormat, TranscriptParser } from '../ports/transcript-parser.js'
import { moveRun } from '../recordings/index.js'
import { eraseRun, readBlobText } from '../recordings/index.js'
import { ignoreFailure, type PublishDeps, publishRunEvent, publishUploadEvent } from '../recordings/index.js'
import { progressReporter } from './report-progress.js'

export interface ProcessDeps extends PublishDeps {
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
  readonly shares: RecordingShareStore
  readonly blobs: BlobStore
  readonly parser: TranscriptParser
  readonly transcriber: Transcriber
  readonly analyzer: Analyzer
  /** A transcript file bigger than this is refused at upload; one stored anyway (an older upload) fails to process. */
  readonly maxTranscriptBytes: number
  /** A transcript, read or transcribed, with more utterances than this fails with a message saying so. */
  readonly maxUtterances: number
}

const Payload = t.type({ accountId: t.string, runId: t.string })

/** A failure the user must act on: retrying the same input cannot help. */
const final = (message: string): JobFailure => ({ retryable: false, message })
const transient = (e: AppError): JobFailure => ({ retryable: true, message: e._tag === 'StoreFailure' ? 'the store failed' : JSON.stringify(e) })

const readText = (deps: ProcessDeps, key: string): TE.TaskEither<JobFailure, string> =>
  pipe(
    readBlobText(deps.blobs, key, deps.maxTranscriptBytes),
    TE.mapLeft((e) => (e._tag === 'TooLarge' ? final(`a transcript file must be at most ${megabytes(deps.maxTranscriptBytes)}`) : transient(e))),
    TE.flatMap(TE.fromOption(() => final('the stored file is missing'))),
  )

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

const withinLimit = (deps: ProcessDeps, utterances: ReadonlyArray<Utterance>): boolean => utterances.length <= deps.maxUtterances
const tooMany = (deps: ProcessDeps, utterances: ReadonlyArray<Utterance>): JobFailure =>
  final(`the transcript has ${utterances.length.toLocaleString('en')} utterances; at most ${deps.maxUtterances.toLocaleString('en')} can be processed`)

/** Waits for the stage's progress writes to land, so none comes after the run moves on. */
const afterProgress = <A>(progress: { flushed(): Promise<void> }) => (task: TE.TaskEither<JobFailure, A>): TE.TaskEither<JobFailure, A> =>
  TE.tapTask(task, () => () => progress.flushed())

interface Transcribed {
  readonly utterances: ReadonlyArray<Utterance>
  readonly durationMs: number | null
  /** What the engine reported; null for a transcript file, or an engine that cannot say. */
  readonly language: string | null
}

/**
 * Speech or a transcript file becomes utterances; with the audio's length and language when known.
 * Reports the `transcribing` stage's progress.
 */
const utterancesOf = (deps: ProcessDeps, run: Run): TE.TaskEither<JobFailure, Transcribed> => {
  const source = run.source
  if (source === null) return TE.left(final('the recording has nothing to process'))
  const progress = progressReporter(deps, run, 'transcribing')
  if (source.kind === 'transcript') {
    return pipe(
      readText(deps, source.key),
      TE.flatMap((text) => pipe(deps.parser.parse(source.format as TranscriptFormat, text, { maxUtterances: deps.maxUtterances }), TE.mapLeft((f) => final(f.message)))),
      // A file is read whole: nothing, then all of it.
      TE.tap(() => TE.fromIO(() => progress.report(1))),
      afterProgress(progress),
      TE.map((utterances) => ({ utterances, durationMs: null, language: null })),
    )
  }
  return pipe(
    deps.blobs.localFile(source.key),
    TE.mapLeft(transient),
    TE.flatMap(TE.fromOption(() => final('the stored audio is missing'))),
    TE.flatMap((file) =>
      TE.tryCatch(
        async () => {
          try {
            const audio = { path: file.path, defaultSpeaker: 'Speaker 1', ...(run.language === null ? {} : { language: run.language }) }
            const r = await deps.transcriber.transcribe(audio, progress.report)()
            if (E.isLeft(r)) throw final(r.left.message)
            return r.right
          } finally {
            await file.done()
          }
        },
        (e) => (typeof e === 'object' && e !== null && 'retryable' in e ? (e as JobFailure) : final(String(e))),
      ),
    ),
    afterProgress(progress),
    TE.filterOrElse((tr) => tr.utterances.length > 0, () => final('no speech was recognised in the audio')),
    TE.filterOrElse((tr) => withinLimit(deps, tr.utterances), (tr) => tooMany(deps, tr.utterances)),
    TE.flatMap((tr) =>
      pipe(
        speakerTurns(deps, source.speakersKey),
        TE.map((turns) => ({
          utterances: turns.length === 0 ? tr.utterances : attributeSpeakers(tr.utterances, turns),
          durationMs: tr.durationMs,
          language: tr.language ?? null,
        })),
      ),
    ),
  )
}

/** A bot's speaker timeline (JSON lines), which names the speakers of its transcribed audio; none for uploads. */
const speakerTurns = (deps: ProcessDeps, key: string | undefined): TE.TaskEither<JobFailure, ReadonlyArray<SpeakerTurn>> =>
  key === undefined
    ? TE.right([])
    : pipe(
        readText(deps, key),
        TE.map((text) => readJsonLines(text, isSpeakerTurn)),
      )

/**
 * The pipeline for every recording: stored → transcribing → analysing → ready,
 * or failed with a readable error. Re-delivered jobs resume safely: notes and
 * transcript are replaced whole.
 */
export const processRecording =
  (deps: ProcessDeps): JobHandler =>
  (payload, attempt) => {
    if (!Payload.is(payload)) return TE.left(final('malformed job payload'))
    const move = moveRun(deps)
    const fail = (run: Run, failure: JobFailure): TE.TaskEither<JobFailure, void> => {
      if (failure.retryable && !attempt.last) return TE.left(failure)
      const message = failure.retryable ? `processing failed after ${attempt.number} attempts: ${failure.message}` : failure.message
      return pipe(
        deps.runs.find(run.accountId, run.id),
        TE.mapLeft(transient),
        TE.flatMap((current) => (O.isSome(current) ? TE.right(current.value) : TE.left(final('the recording is gone')))),
        TE.flatMap((current) => pipe(move(current, 'failed', { detail: message }), TE.mapLeft(transient))),
        TE.flatMap((failed) => announce(failed, 'failed', message)),
      )
    }
    const announce = (run: Run, outcome: 'ready' | 'failed', error: string | null): TE.TaskEither<JobFailure, void> =>
      pipe(
        deps.uploads.findByRun(run.accountId, run.id),
        TE.mapLeft(transient),
        TE.flatMap((upload) =>
          O.isNone(upload)
            ? ignoreFailure(publishRunEvent(deps)(outcome === 'ready' ? 'recording.ready' : 'recording.failed', run))
            : pipe(
                deps.uploads.update({ ...upload.value, error, updatedAt: deps.clock.now().toISOString() }),
                TE.mapLeft(transient),
                TE.flatMap((u) => ignoreFailure(publishUploadEvent(deps)(outcome === 'ready' ? 'upload.ready' : 'upload.failed', u, run))),
              ),
        ),
      )
    return pipe(
      deps.runs.find(payload.accountId, payload.runId),
      TE.mapLeft(transient),
      TE.flatMap(TE.fromOption(() => final('the recording is gone'))),
      TE.flatMap((run): TE.TaskEither<JobFailure, void> => {
        if (run.state === 'ready' || run.state === 'failed') return TE.right(undefined) // already settled: a re-delivery
        const started = run.state === 'stored' ? move(run, 'transcribing') : TE.right(run)
        return pipe(
          TE.mapLeft(transient)(started),
          TE.flatMap((transcribing) =>
            pipe(
              utterancesOf(deps, transcribing),
              TE.flatMap(({ utterances, durationMs, language }) =>
                pipe(
                  // A resumed run already analysing keeps its state; the language is written either way.
                  transcribing.state === 'analysing' && transcribing.detectedLanguage === language
                    ? TE.right(transcribing)
                    : move(transcribing, 'analysing', { detectedLanguage: language }),
                  TE.mapLeft(transient),
                  TE.flatMap((analysing) => analyse(deps, analysing, utterances, durationMs)),
                ),
              ),
              TE.flatMap((ready) => announce(ready, 'ready', null)),
              TE.orElse((failure) => fail(transcribing, failure)),
            ),
          ),
        )
      }),
      TE.orElse((failure) => endQuietlyIfDeleted(deps, payload.accountId, payload.runId, failure)),
    )
  }

/**
 * A recording deleted while it was processed (DELETE /recordings/{runId}) makes
 * the job fail somewhere (its run is gone, or a write refers to it): that is no
 * failure. The job removes what it may have written meanwhile and ends, saying so.
 */
const endQuietlyIfDeleted = (deps: ProcessDeps, accountId: string, runId: string, failure: JobFailure): TE.TaskEither<JobFailure, JobReport | void> =>
  pipe(
    deps.runs.find(accountId, runId),
    TE.mapLeft(() => failure),
    TE.flatMap((run) =>
      O.isSome(run)
        ? TE.left(failure)
        : pipe(
            eraseRun(deps)(accountId, runId, null),
            TE.mapLeft(transient),
            TE.map((): JobReport => ({ message: `Stopped processing recording ${runId}: it was deleted meanwhile; what processing had written for it was removed`, details: { runId } })),
          ),
    ),
  )

const analyse = (deps: ProcessDeps, run: Run, utterances: ReadonlyArray<Utterance>, durationMs: number | null): TE.TaskEither<JobFailure, Run> => {
  // Half way once the notes are made; storing them with the transcript is the other half.
  const progress = progressReporter(deps, run, 'analysing')
  return pipe(
    deps.analyzer.analyze({ title: run.title, startsAt: run.startsAt, utterances, attendees: [] }),
    TE.mapLeft((f) => final(f.message)),
    TE.tap(() => TE.fromIO(() => progress.report(0.5))),
    TE.flatMap((notes) =>
      pipe(
        // Ids derived from the input, so edits keyed by them survive re-processing.
        deps.notes.replace(run.id, { ...notes, actionItems: withActionItemIds(run.id, notes.actionItems) }, utterances),
        TE.mapLeft(transient),
      ),
    ),
    afterProgress(progress),
    TE.flatMap(() => {
      const spokenMs = utterances.reduce((m, u) => Math.max(m, u.end_ms), 0)
      const seconds = Math.round((durationMs ?? spokenMs) / 1000)
      return pipe(
        moveRun(deps)(run, 'ready', { hasNotes: true, recordingSeconds: run.recordingSeconds ?? seconds }),
        TE.mapLeft(transient),
        TE.tap((ready) =>
          pipe(
            deps.uploads.findByRun(ready.accountId, ready.id),
            TE.flatMap((u) => (O.isSome(u) ? TE.map(() => undefined)(deps.uploads.update({ ...u.value, durationMs: durationMs ?? spokenMs })) : TE.right(undefined))),
            TE.mapLeft(transient),
          ),
        ),
      )
    }),
  )
}
