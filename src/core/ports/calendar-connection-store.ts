import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import type { AppError, StoreFailure } from '../errors.js'

/**
 * Calendar connections. Every method is scoped to an account: rows of other
 * accounts are never seen.
 */
export interface CalendarConnectionStore {
  /** Conflict when the account has a connection with the same calendarId (the same feed) already. */
  create(connection: CalendarConnection): TE.TaskEither<AppError, CalendarConnection>
  find(accountId: string, id: string): TE.TaskEither<StoreFailure, O.Option<CalendarConnection>>
  /** All connections of the account, oldest first. */
  list(accountId: string): TE.TaskEither<StoreFailure, ReadonlyArray<CalendarConnection>>
  /**
   * Replaces the connection with `change(current)` atomically: no other update
   * lands between the read and the write. None when there is no such connection.
   */
  update(
    accountId: string,
    id: string,
    change: (current: CalendarConnection) => CalendarConnection,
  ): TE.TaskEither<StoreFailure, O.Option<CalendarConnection>>
  /**
   * The connection whose push channel has this id, of whichever account: only
   * for the public push route, which then checks the notification's token.
   */
  findByPushChannel(channelId: string): TE.TaskEither<StoreFailure, O.Option<CalendarConnection>>
  /** Deletes the connection; returns it as it was, or None. */
  remove(accountId: string, id: string): TE.TaskEither<StoreFailure, O.Option<CalendarConnection>>
}
