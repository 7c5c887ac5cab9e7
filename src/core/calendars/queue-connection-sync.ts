import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import type { AppError } from '../errors.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { JobQueue } from '../ports/job-queue.js'
import { findOwnConnection } from './find-calendar-connection.js'
import { requireWriter } from '../identity/index.js'
import { queueSync } from './sync-calendar-job.js'

/** Queues a sync of the connection now (joining one already queued or running); answers the connection. */
export const queueConnectionSync =
  (deps: { readonly calendarConnections: CalendarConnectionStore; readonly jobs: JobQueue }) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => findOwnConnection(deps)(actor, id)),
      TE.tap((c) => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null })),
    )
