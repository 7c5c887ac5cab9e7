import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notes } from '../domain/notes/notes.js'
import { withActionItemIds } from '../domain/notes/notes-edits.js'
import { inUserWords } from '../domain/user-words.js'
import type { Run } from '../domain/recordings/run.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import { finalFailure, type JobFailure } from '../errors.js'
import { moveRun, notesPlanFor } from '../recordings/index.js'
import type { ProcessDeps } from './process-deps.js'
import { transient } from './processing-failures.js'
import { afterProgress, progressReporter } from './report-progress.js'

/** Utterances read back per page: a page of a few thousand is a fraction of a megabyte. */
const PAGE = 5_000

/** The transcript an earlier attempt stored (all of it, in order), and the audio's length the upload recorded. */
export const storedTranscript = (deps: ProcessDeps, run: Run): TE.TaskEither<JobFailure, { utterances: Utterance[]; durationMs: number | null }> => {
  const pages = (offset: number, acc: Utterance[]): TE.TaskEither<JobFailure, Utterance[]> =>
    pipe(
      deps.notes.transcript(run.id, { offset, limit: PAGE }),
      TE.mapLeft(transient),
      TE.flatMap((p) => {
        const all = [...acc, ...p.rows]
        return p.rows.length === PAGE && all.length < p.total ? pages(offset + PAGE, all) : TE.right(all)
      }),
    )
  return pipe(
    pages(0, []),
    TE.flatMap((utterances) =>
      pipe(
        deps.uploads.findByRun(run.accountId, run.id),
        TE.mapLeft(transient),
        TE.map((u) => ({ utterances, durationMs: O.isSome(u) ? u.value.durationMs : null })),
      ),
    ),
  )
}

/**
 * Why the recording's notes are the built-in analyzer's, in words, for the run's error: the reason
 * the chosen analyzer gave, and (for an upload, which can be retried) how to ask the server again.
 */
export const fallbackWords = (run: Run, reason: string): string => {
  const cause = reason.trim().replace(/[.;:,\s]+$/, '')
  const retry = run.origin === 'upload' ? ' Retry to ask the server again.' : ''
  return `${cause.charAt(0).toUpperCase()}${cause.slice(1)}; these notes were written by the built-in analyzer.${retry}`
}

/**
 * Notes from the transcript, made by the analyzer and template the run's organization (or account)
 * has chosen at this moment; stored with it. Half the stage's progress once the notes are made, the
 * rest once stored. The run is then `ready`; or, when the chosen analyzer failed and the built-in
 * one wrote the notes instead (madeBy.fallbackReason), `failed` at stage `analysing` with the notes
 * kept (hasNotes) and the reason as its error, so the recording says so and a retry asks again.
 */
export const analyse = (
  deps: ProcessDeps,
  run: Run,
  utterances: ReadonlyArray<Utterance>,
  durationMs: number | null,
  signal?: AbortSignal,
): TE.TaskEither<JobFailure, Run> => {
  const progress = progressReporter(deps, run, 'analysing')
  return pipe(
    notesPlanFor(deps)(run.accountId, run.template),
    TE.mapLeft(transient),
    TE.flatMap((plan) =>
      pipe(
        plan.analyzer.analyze(
          { title: run.title, startsAt: run.startsAt, utterances, attendees: [], ...(plan.template === undefined ? {} : { template: plan.template }) },
          signal === undefined ? {} : { signal },
        ),
        TE.mapLeft((f) => finalFailure(f.message)),
        // Notes that do not say who made them (an analyzer older than madeBy) are the plan's.
        TE.map((notes): Notes => ({ ...notes, madeBy: notes.madeBy ?? { ...plan.madeBy, fallbackReason: null } })),
      ),
    ),
    // Stopped by the time limit meanwhile: the recording is failed by then, and nothing more is written.
    TE.filterOrElse(() => signal?.aborted !== true, () => finalFailure('processing was stopped')),
    TE.tap(() => TE.fromIO(() => progress.report(0.5))),
    TE.flatMap((notes) =>
      pipe(
        // Ids derived from the input, so edits keyed by them survive re-processing.
        deps.notes.replace(run.id, { ...notes, actionItems: withActionItemIds(run.id, notes.actionItems) }, utterances),
        TE.mapLeft(transient),
        TE.map(() => notes.madeBy?.fallbackReason ?? null),
      ),
    ),
    afterProgress(progress),
    TE.flatMap((fallbackReason) => {
      const spokenMs = utterances.reduce((m, u) => Math.max(m, u.end_ms), 0)
      const seconds = Math.round((durationMs ?? spokenMs) / 1000)
      const done = { hasNotes: true, recordingSeconds: run.recordingSeconds ?? seconds }
      const moved =
        fallbackReason === null
          ? moveRun(deps)(run, 'ready', done)
          : moveRun(deps)(run, 'failed', { ...done, detail: inUserWords(fallbackWords(run, fallbackReason)), failedStage: 'analysing' })
      return pipe(moved, TE.mapLeft(transient))
    }),
  )
}
