import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { byStart, endsAtMs, inWindow, isListed, type Meeting } from '../../../src/core/domain/meetings/meeting.js'
import { storeFailure } from '../../../src/core/errors.js'
import type { MeetingStore } from '../../../src/core/ports/meeting-store.js'

/** Meetings of one process, kept in memory (tests, `NOTETAKER_STORE=memory`). Every call is atomic: nothing awaits inside one. */
export const memoryMeetingStore = (): MeetingStore & { readonly all: () => ReadonlyArray<Meeting> } => {
  const rows = new Map<string, Meeting>()
  const mine = (accountId: string) => [...rows.values()].filter((m) => m.accountId === accountId)
  const one = (accountId: string, id: string, listedOnly: boolean) =>
    O.fromNullable([rows.get(id)].find((m) => m !== undefined && m.accountId === accountId && (!listedOnly || isListed(m))))
  return {
    all: () => [...rows.values()],
    create: (meeting) => {
      rows.set(meeting.id, meeting)
      return TE.right(meeting)
    },
    find: (accountId, id) => TE.right(one(accountId, id, true)),
    findAny: (accountId, id) => TE.right(one(accountId, id, false)),
    list: (accountId, q) => {
      const all = mine(accountId)
        .filter((m) => isListed(m) && inWindow(m, q))
        .sort(byStart)
      return TE.right({ rows: all.slice(q.offset, q.offset + q.limit), total: all.length, limit: q.limit, offset: q.offset })
    },
    startingBetween: (from, to, after, limit) =>
      TE.right(
        [...rows.values()]
          .filter((m) => isListed(m) && m.startsAt >= from && m.startsAt < to)
          .filter((m) => after === null || m.startsAt > after.startsAt || (m.startsAt === after.startsAt && m.id > after.id))
          .sort(byStart)
          .slice(0, limit),
      ),
    update: (accountId, id, change) => {
      const current = one(accountId, id, true)
      if (O.isNone(current)) return TE.right(O.none)
      const next = { ...change(current.value), id, accountId }
      rows.set(id, next)
      return TE.right(O.some(next))
    },
    reconcile: (accountId, scope, plan) => {
      const wanted = new Set(scope.externalIds)
      const existing = mine(accountId).filter(
        (m) =>
          m.connectionId === scope.connectionId &&
          ((m.externalId !== null && wanted.has(m.externalId)) || (isListed(m) && inWindow(m, scope.window))),
      )
      // Like a rolled-back transaction: a plan that throws has written nothing.
      return TE.fromEither(
        E.tryCatch(() => {
          const writes = plan(existing)
          for (const m of [...writes.inserts, ...writes.updates]) rows.set(m.id, { ...m, accountId, connectionId: scope.connectionId })
          return writes
        }, storeFailure),
      )
    },
    countUpcomingByConnection: (accountId, from) => {
      const counts: Record<string, number> = {}
      for (const m of mine(accountId)) if (m.connectionId !== null && isListed(m) && endsAtMs(m) > Date.parse(from)) counts[m.connectionId] = (counts[m.connectionId] ?? 0) + 1
      return TE.right(counts)
    },
    removeForConnection: (accountId, connectionId, at) => {
      const gone = mine(accountId)
        .filter((m) => m.connectionId === connectionId && isListed(m))
        .map((m): Meeting => ({ ...m, removedAt: at, removedBy: 'user', updatedAt: at }))
      for (const m of gone) rows.set(m.id, m)
      return TE.right(gone)
    },
  }
}
