import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import { type AppError, notFound } from '../errors.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'

type Deps = { readonly calendarConnections: CalendarConnectionStore }

/** The actor's connection; another account's id answers NotFound like a missing one. */
export const findOwnConnection =
  (deps: Deps) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(deps.calendarConnections.find(actor.accountId, id), TE.flatMap(TE.fromOption(() => notFound('Calendar connection'))))

/** Every connection of the account, oldest first (the spec returns the collection whole). */
export const listConnections =
  (deps: Deps) =>
  (actor: Actor): TE.TaskEither<AppError, ReadonlyArray<CalendarConnection>> =>
    deps.calendarConnections.list(actor.accountId)
