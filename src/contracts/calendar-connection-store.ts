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
    const second = connection(2, { ...rules, status: 'error', lastError: 'The feed answered HTTP 500.', warnings: ['1 event could not be read and was left out.', 'Event "Ünïcode \u2603" has "quotes"'], sealedCursor: 'sealed-tok', nextSyncAt: '2026-05-02T00:15:00.000Z', consecutiveFailures: 2, recordDeclined: true, name: 'Team – Ünïcode', feedName: 'Équipe' })
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

  const PUSH = { id: 'channel-1', resourceId: 'resource-1', expiresAt: '2026-05-08T00:00:00.000Z', sealedToken: 'sealed-token-1' }

  s('an OAuth connection round-trips: provider, status reauthorization_required, sealed cursor and push channel, and back to null', async ({ s }) => {
    const google = connection(1, { provider: 'google', calendarId: 'primary', sealedCredential: 'sealed-grant', sealedCursor: 'sealed-sync-token', push: PUSH })
    await right(s.create(google))
    assert.equal(await right(s.find(ACCOUNT_A, google.id)), O.some(google))
    const graph = { id: 'subscription-2', resourceId: null, expiresAt: '2026-05-04T00:00:00.000Z', sealedToken: 'sealed-token-2' }
    const renewed = await right(s.update(ACCOUNT_A, google.id, (c) => ({ ...c, provider: 'microsoft', status: 'reauthorization_required', sealedCursor: 'sealed-delta-link', push: graph })))
    const expected = { ...google, provider: 'microsoft' as const, status: 'reauthorization_required' as const, sealedCursor: 'sealed-delta-link', push: graph }
    assert.equal(renewed, O.some(expected))
    assert.equal(await right(s.list(ACCOUNT_A)), [expected])
    await right(s.update(ACCOUNT_A, google.id, (c) => ({ ...c, sealedCursor: null, push: null })))
    assert.equal(await right(s.find(ACCOUNT_A, google.id)), O.some({ ...expected, sealedCursor: null, push: null }))
  })

  s('findByPushChannel finds the connection of whichever account; none for an unknown channel or once its push is cleared', async ({ s }) => {
    const other = connection(2, { accountId: ACCOUNT_B, provider: 'google', push: PUSH })
    await right(s.create(connection(1, { push: { ...PUSH, id: 'channel-0' } })))
    await right(s.create(other))
    assert.equal(await right(s.findByPushChannel(PUSH.id)), O.some(other))
    assert.equal(await right(s.findByPushChannel('channel-unknown')), O.none)
    await right(s.update(ACCOUNT_B, other.id, (c) => ({ ...c, push: null })))
    assert.equal(await right(s.findByPushChannel(PUSH.id)), O.none)
    assert.is(O.toNullable(await right(s.findByPushChannel('channel-0')))?.id, connection(1).id)
  })

  s('a push channel belongs to one connection: taking another\'s fails and leaves both as they were', async ({ s }) => {
    await right(s.create(connection(1, { push: PUSH })))
    await right(s.create(connection(2)))
    await left(s.update(ACCOUNT_A, connection(2).id, (c) => ({ ...c, push: PUSH })))
    assert.equal(await right(s.list(ACCOUNT_A)), [connection(1, { push: PUSH }), connection(2)])
    assert.is(O.toNullable(await right(s.findByPushChannel(PUSH.id)))?.id, connection(1).id)
  })

  s.run()
}
