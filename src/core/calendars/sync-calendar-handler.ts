import { pipe } from 'fp-ts/function'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import type { AppError } from '../errors.js'
import type { JobFailure, JobHandler } from '../ports/job-handler.js'
import { type SyncDeps, syncCalendarConnection } from './sync-calendar-connection.js'
import { SyncJobPayload } from './sync-calendar-job.js'

const describe = (e: AppError): string => ('message' in e ? e.message : e._tag === 'StoreFailure' ? 'the store failed' : e._tag)

/**
 * The `calendar.sync` job. A failing feed is not a job failure (the sync
 * records it on the connection and plans its retry); a store failure is, so
 * the queue tries the job again.
 */
export const calendarSyncHandler =
  (deps: SyncDeps): JobHandler =>
  (payload) =>
    pipe(
      SyncJobPayload.decode(payload),
      E.mapLeft((): JobFailure => ({ retryable: false, message: 'The calendar sync job has a payload it cannot read' })),
      TE.fromEither,
      TE.flatMap((job) => TE.mapLeft((e: AppError): JobFailure => ({ retryable: true, message: `Calendar sync failed: ${describe(e)}` }))(syncCalendarConnection(deps)(job))),
      TE.map(() => undefined),
    )
