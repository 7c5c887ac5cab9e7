import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../../src/core/domain/meetings/calendar-connection.js'
import { conflict } from '../../../src/core/errors.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'

/** Calendar connections of one process, kept in memory (tests, `NOTETAKER_STORE=memory`). */
export const memoryCalendarConnectionStore = (): CalendarConnectionStore => {
  const rows = new Map<string, CalendarConnection>()
  const one = (accountId: string, id: string) => O.fromNullable([rows.get(id)].find((c) => c?.accountId === accountId))
  return {
    create: (c) => {
      if ([...rows.values()].some((x) => x.accountId === c.accountId && x.calendarId === c.calendarId)) {
        return TE.left(conflict(DUPLICATE_CONNECTION_MESSAGE))
      }
      rows.set(c.id, c)
      return TE.right(c)
    },
    find: (accountId, id) => TE.right(one(accountId, id)),
    list: (accountId) =>
      TE.right(
        [...rows.values()]
          .filter((c) => c.accountId === accountId)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
      ),
    update: (accountId, id, change) => {
      const current = one(accountId, id)
      if (O.isNone(current)) return TE.right(O.none)
      const next = { ...change(current.value), id, accountId }
      rows.set(id, next)
      return TE.right(O.some(next))
    },
    remove: (accountId, id) => {
      const current = one(accountId, id)
      if (O.isSome(current)) rows.delete(id)
      return TE.right(current)
    },
  }
}
