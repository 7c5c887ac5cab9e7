import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type Answer, byId, plainly } from '../../../../adapters/driving/http-koa/by-id.js'
import type { Actor } from '../../../../src/core/domain/identity/api-key.js'
import { notFound } from '../../../../src/core/errors.js'

const actor: Actor = { accountId: 'a1', keyId: 'k1', access: 'full', organizationWide: false, organizationId: null }
const other: Actor = { ...actor, accountId: 'a2' }
const things: Record<string, { name: string; owner: string }> = { t1: { name: 'one', owner: 'a1' } }
const find = (who: Actor, id: string) => {
  const thing = things[id]
  return thing !== undefined && thing.owner === who.accountId ? TE.right(thing) : TE.left(notFound('Thing'))
}
const thing = byId({ id: 'The thing id.', notFound: 'No such thing (NOT_FOUND).', answer: plainly((t: { name: string }) => ({ name: t.name.toUpperCase() })) })

test('the id parameter and the 404 note are the resource\'s, with any other notes of the route', () => {
  assert.is(thing.params.id.description, 'The thing id.')
  assert.equal(thing.params.id.read('3F2504E0-4F89-41D3-9A0C-0305E82C3301'), { ok: true, value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' })
  assert.equal(thing.errorNotes(), { NOT_FOUND: 'No such thing (NOT_FOUND).' })
  assert.equal(thing.errorNotes({ VALIDATION_ERROR: 'Bad (VALIDATION_ERROR).' }), { NOT_FOUND: 'No such thing (NOT_FOUND).', VALIDATION_ERROR: 'Bad (VALIDATION_ERROR).' })
})

test('a handler answers the record the resource\'s way, or passes its error on', async () => {
  const handle = thing.handle((who, id) => find(who, id))
  assert.equal(await handle({ actor, params: { id: 't1' }, body: undefined })(), E.right({ data: { name: 'ONE' } }))
  assert.equal(await handle({ actor: other, params: { id: 't1' }, body: undefined })(), E.left(notFound('Thing')))
})

test('handleWith answers another way, given the caller and the body', async () => {
  const renamed: Answer<{ name: string }, string> = (who) => (t) => TE.right(`${t.name} for ${who.accountId}`)
  const handle = thing.handleWith(renamed)((who, id, body: { suffix: string }) => TE.map((t: { name: string }) => ({ name: t.name + body.suffix }))(find(who, id)))
  assert.equal(await handle({ actor, params: { id: 't1' }, body: { suffix: '!' } })(), E.right({ data: 'one! for a1' }))
})

test.run()
