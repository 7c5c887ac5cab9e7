import * as t from 'io-ts'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'

/** The job kind of a calendar sync. */
export const CALENDAR_SYNC_JOB = 'calendar.sync'

/**
 * `due` null: asked for now (on connecting, or POST .../sync). Otherwise the
 * periodic sync planned for that instant; it runs only while it is still the
 * connection's `nextSyncAt`, so chains of periodic syncs never multiply.
 */
export const SyncJobPayload = t.type({ accountId: t.string, connectionId: t.string, due: t.union([t.string, t.null]) })
export type SyncJobPayload = t.TypeOf<typeof SyncJobPayload>

/**
 * Queues a sync. Keyed per connection and due time, so asking again while one
 * is queued or running joins it rather than adding another; `keySuffix` keys
 * it apart (a push notification must not join a sync that has read the
 * calendar already). Its group is the connection: the worker runs one sync of
 * a connection at a time, across processes too.
 */
export const queueSync =
  (jobs: JobQueue) =>
  (p: SyncJobPayload, keySuffix = ''): TE.TaskEither<StoreFailure, { readonly id: string; readonly created: boolean }> =>
    jobs.enqueue({
      kind: CALENDAR_SYNC_JOB,
      payload: p,
      key: `${p.due === null ? `${CALENDAR_SYNC_JOB}:${p.connectionId}` : `${CALENDAR_SYNC_JOB}:${p.connectionId}@${p.due}`}${keySuffix}`,
      ...(p.due === null ? {} : { runAt: new Date(p.due) }),
      maxAttempts: 3,
      group: `calendar:${p.connectionId}`,
    })
