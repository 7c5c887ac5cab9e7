import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { ProgressStage, Run } from '../domain/recordings/run.js'
import { inUserWords } from '../domain/user-words.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import { finalFailure, type JobFailure } from '../errors.js'
import type { JobHandler, JobReport } from '../ports/job-handler.js'
import { eraseRun, ignoreFailure, moveRun, publishRunEvent, publishUploadEvent } from '../recordings/index.js'
import { analyse, storedTranscript } from './analyse-stage.js'
import { DEFAULT_PROCESSING_TIMEOUT, type ProcessDeps } from './process-deps.js'
import { type Deadline, describeMinutes, startDeadline } from './processing-deadline.js'
import { failureMessage, inStage, transient } from './processing-failures.js'
import { keepTranscript, transcribe } from './transcribe-stage.js'

export type { ProcessDeps } from './process-deps.js'

const Payload = t.type({ accountId: t.string, runId: t.string })

interface ToAnalyse {
  readonly run: Run
  readonly utterances: ReadonlyArray<Utterance>
  readonly durationMs: number | null
}

/** Transcribes (or reads) the recording's source, keeps the transcript, and hands it on; the run is `analysing` after. */
const transcribed = (deps: ProcessDeps, run: Run, deadline: Deadline): TE.TaskEither<JobFailure, ToAnalyse> =>
  pipe(
    run.state === 'stored' ? pipe(moveRun(deps)(run, 'transcribing'), TE.mapLeft(transient)) : TE.right(run),
    TE.flatMap((transcribing) =>
      pipe(
        transcribe(deps, transcribing, deadline),
        TE.flatMap((tr) => pipe(keepTranscript(deps, transcribing, tr, deadline.signal), TE.map((analysing) => ({ run: analysing, utterances: tr.utterances, durationMs: tr.durationMs })))),
      ),
    ),
    TE.mapLeft(inStage('transcribing')),
  )

/**
 * A run `analysing` has its transcript stored already (after a restart, or a retry of a failed
 * analysis): it is read back, not made again. One without (stopped by an older version between
 * the stages) is transcribed again.
 */
const resumedAnalysis = (deps: ProcessDeps, run: Run, deadline: Deadline): TE.TaskEither<JobFailure, ToAnalyse> =>
  pipe(
    storedTranscript(deps, run),
    TE.mapLeft(inStage('analysing')),
    TE.flatMap((stored) => (stored.utterances.length > 0 ? TE.right({ run, ...stored }) : transcribed(deps, run, deadline))),
  )

/** How long a stopped attempt is given to settle (its engine was told to stop), so it writes nothing after the failure. */
const SETTLE_MS = 5_000

/**
 * Runs one attempt's work under its deadline. When the deadline passes first, the work's engines
 * were told to stop (the signal); the attempt fails for good, in words, naming the stage it was in,
 * without waiting for an engine that does not listen (at most SETTLE_MS).
 */
const withinDeadline =
  (run: Run, deadline: Deadline, stage: () => ProgressStage, work: TE.TaskEither<JobFailure, Run>): TE.TaskEither<JobFailure, Run> =>
  async () => {
    const running = work()
    const first = await Promise.race([running, deadline.passed.then(() => null)])
    if (first !== null) {
      deadline.clear()
      return first
    }
    await Promise.race([running, new Promise((r) => setTimeout(r, SETTLE_MS).unref?.())])
    const what = stage() === 'analysing' ? 'making the notes' : run.source?.kind === 'transcript' ? 'reading the transcript' : 'transcribing the audio'
    const kept = stage() === 'analysing' ? ' The transcript is kept and can be read.' : ''
    return E.left({
      retryable: false,
      stopped: true,
      stage: stage(),
      message: `Processing stopped after ${describeMinutes(deadline.limitMs())}: ${what} took longer than this server allows for one recording.${kept}`,
    })
  }

/**
 * The pipeline for every recording: stored → transcribing → analysing → ready, or failed with an
 * error naming the stage. The transcript is stored as soon as it is made, so a failed analysis
 * keeps it readable and a retry (or a re-delivered job) starts again from the analysis.
 */
export const processRecording =
  (deps: ProcessDeps): JobHandler =>
  (payload, attempt) => {
    if (!Payload.is(payload)) return TE.left(finalFailure('malformed job payload'))
    // The user reads the failure without server paths or library internals; the log keeps it whole.
    const fail = (run: Run, failure: JobFailure, reached: ProgressStage): TE.TaskEither<JobFailure, JobReport> => {
      if (failure.retryable && !attempt.last) return TE.left(failure)
      const stage = failure.stage ?? reached
      const full = failureMessage(run, failure, stage, attempt.number)
      const message = inUserWords(full)
      return pipe(
        deps.runs.find(run.accountId, run.id),
        TE.mapLeft(transient),
        TE.flatMap((current) => (O.isSome(current) ? TE.right(current.value) : TE.left(finalFailure('the recording is gone')))),
        TE.flatMap((current) => pipe(moveRun(deps)(current, 'failed', { detail: message, failedStage: stage }), TE.mapLeft(transient))),
        TE.flatMap((failed) => announce(failed, 'failed', message)),
        TE.map((): JobReport => ({ level: 'warn', message: `Recording ${run.id} failed: ${full}`, details: { runId: run.id, accountId: run.accountId, stage } })),
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
      TE.flatMap(TE.fromOption(() => finalFailure('the recording is gone'))),
      TE.flatMap((run): TE.TaskEither<JobFailure, JobReport | void> => {
        if (run.state === 'ready' || run.state === 'failed') return TE.right(undefined) // already settled: a re-delivery
        const deadline = startDeadline(deps.processingTimeout ?? DEFAULT_PROCESSING_TIMEOUT)
        let stage: ProgressStage = run.state === 'analysing' ? 'analysing' : 'transcribing'
        const work = pipe(
          run.state === 'analysing' ? resumedAnalysis(deps, run, deadline) : transcribed(deps, run, deadline),
          TE.tap(() => TE.fromIO(() => void (stage = 'analysing'))),
          TE.flatMap((next) => pipe(analyse(deps, next.run, next.utterances, next.durationMs, deadline.signal), TE.mapLeft(inStage('analysing')))),
        )
        return pipe(
          withinDeadline(run, deadline, () => stage, work),
          // A fallback leaves the run failed with its notes (analyse-stage.ts): announced as a failure with its words.
          TE.flatMap((done): TE.TaskEither<JobFailure, JobReport | void> =>
            done.state === 'failed'
              ? pipe(
                  announce(done, 'failed', done.detail),
                  TE.mapLeft(inStage('analysing')),
                  TE.map((): JobReport => ({ level: 'warn', message: `Recording ${run.id}: notes by the built-in analyzer instead: ${done.detail}`, details: { runId: run.id, accountId: run.accountId, stage: 'analysing' } })),
                )
              : pipe(announce(done, 'ready', null), TE.mapLeft(inStage('analysing'))),
          ),
          TE.orElseW((failure) => fail(run, failure, stage)),
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
