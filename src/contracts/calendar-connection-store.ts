import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CalendarConnectionStore } from '../core/ports/calendar-connection-store.js'
import { left, right } from './tasks.js'
import { ACCOUNT_A, ACCOUNT_B, connection } from './meeting-fixtures.js'

export const calendarConnectionStoreContract = (name: string, make: () => Promise<CalendarConnectionStore> | CalendarConnectionStore) => {
  const s = suite<{ s: CalendarConnectionStore }>(`${name}: calendar connection store`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('connections round-trip whole, oldest first, scoped to their account', async ({ s }) => {
    const rules = { joinRules: [{ kind: 'title' as const, value: 'standup' }], barRules: [{ kind: 'recurring' as const, value: 'false' }] }
    const second = connection(2, { ...rules, status: 'error', lastError: 'The feed answered HTTP 500.', warnings: ['1 event could not be read and was left out.', 'Event "Ünïcode \u2603" has "quotes"'], cursor: 'tok', nextSyncAt: '2026-05-02T00:15:00.000Z', consecutiveFailures: 2, recordDeclined: true, name: 'Team – Ünïcode', feedName: 'Équipe' })
    await right(s.create(second))
    await right(s.create(connection(1)))
    await right(s.create(connection(3, { accountId: ACCOUNT_B })))
    assert.equal((await right(s.list(ACCOUNT_A))).map((c) => c.id), [connection(1).id, second.id])
    assert.equal(await right(s.find(ACCOUNT_A, second.id)), O.some(second))
    assert.equal(await right(s.find(ACCOUNT_B, second.id)), O.none)
    assert.equal((await right(s.list(ACCOUNT_B))).length, 1)
  })

  s('the same calendar twice in one account is a conflict; in another account it is fine', async ({ s }) => {
    await right(s.create(connection(1)))
    const again = await left(s.create(connection(2, { calendarId: connection(1).calendarId })))
    assert.is(again._tag, 'Conflict')
    await right(s.create(connection(3, { calendarId: connection(1).calendarId, accountId: ACCOUNT_B })))
    assert.equal((await right(s.list(ACCOUNT_A))).length, 1)
  })

  s('update replaces the connection of the account; none for another account', async ({ s }) => {
    await right(s.create(connection(1)))
    const changed = await right(s.update(ACCOUNT_A, connection(1).id, (c) => ({ ...c, autoJoin: 'hosted', status: 'active', recordDeclined: true })))
    assert.equal(changed, O.some(connection(1, { autoJoin: 'hosted', status: 'active', recordDeclined: true })))
    assert.equal(await right(s.find(ACCOUNT_A, connection(1).id)), changed)
    assert.equal(await right(s.update(ACCOUNT_B, connection(1).id, (c) => ({ ...c, autoJoin: 'manual' }))), O.none)
    assert.is(O.toNullable(await right(s.find(ACCOUNT_A, connection(1).id)))?.autoJoin, 'hosted')
  })

  s('remove deletes the connection and returns it; another account cannot', async ({ s }) => {
    await right(s.create(connection(1)))
    assert.equal(await right(s.remove(ACCOUNT_B, connection(1).id)), O.none)
    assert.equal(await right(s.remove(ACCOUNT_A, connection(1).id)), O.some(connection(1)))
    assert.equal(await right(s.find(ACCOUNT_A, connection(1).id)), O.none)
    assert.equal(await right(s.remove(ACCOUNT_A, connection(1).id)), O.none)
    await right(s.create(connection(2, { calendarId: connection(1).calendarId })))
  })

  s.run()
}
