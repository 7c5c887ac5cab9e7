import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { withActionItemIds } from '../domain/notes-edits.js'
import type { Run } from '../domain/run.js'
import type { Utterance } from '../domain/utterance.js'
import type { JobFailure } from '../ports/job-handler.js'
import { moveRun } from '../recordings/index.js'
import type { ProcessDeps } from './process-deps.js'
import { final, transient } from './processing-failures.js'
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

/** Notes from the transcript; stored with it, and the run is ready. Half the stage's progress once the notes are made, the rest once stored. */
export const analyse = (
  deps: ProcessDeps,
  run: Run,
  utterances: ReadonlyArray<Utterance>,
  durationMs: number | null,
  signal?: AbortSignal,
): TE.TaskEither<JobFailure, Run> => {
  const progress = progressReporter(deps, run, 'analysing')
  return pipe(
    deps.analyzer.analyze({ title: run.title, startsAt: run.startsAt, utterances, attendees: [] }, signal === undefined ? {} : { signal }),
    TE.mapLeft((f) => final(f.message)),
    // Stopped by the time limit meanwhile: the recording is failed by then, and nothing more is written.
    TE.filterOrElse(() => signal?.aborted !== true, () => final('processing was stopped')),
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
      return pipe(moveRun(deps)(run, 'ready', { hasNotes: true, recordingSeconds: run.recordingSeconds ?? seconds }), TE.mapLeft(transient))
    }),
  )
}
