import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../../src/core/domain/meetings/calendar-connection.js'
import { conflict, storeFailure } from '../../../src/core/errors.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'

/** Calendar connections of one process, kept in memory (tests, `NOTETAKER_STORE=memory`). */
export const memoryCalendarConnectionStore = (): CalendarConnectionStore => {
  const rows = new Map<string, CalendarConnection>()
  const one = (accountId: string, id: string) => O.fromNullable([rows.get(id)].find((c) => c?.accountId === accountId))
  // Like the SQL stores' unique index: one connection per push channel.
  const pushTaken = (c: CalendarConnection) => c.push !== null && [...rows.values()].some((x) => x.id !== c.id && x.push?.id === c.push?.id)
  return {
    create: (c) => {
      if ([...rows.values()].some((x) => x.accountId === c.accountId && x.calendarId === c.calendarId) || pushTaken(c)) {
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
      if (pushTaken(next)) return TE.left(storeFailure(new Error('another calendar connection has this push channel')))
      rows.set(id, next)
      return TE.right(O.some(next))
    },
    findByPushChannel: (channelId) => TE.right(O.fromNullable([...rows.values()].find((c) => c.push?.id === channelId))),
    remove: (accountId, id) => {
      const current = one(accountId, id)
      if (O.isSome(current)) rows.delete(id)
      return TE.right(current)
    },
  }
}
