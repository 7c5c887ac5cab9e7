/**
 * An attendee's `email` is a string wherever a recording is answered: "" when unknown. The notes
 * keep an unknown email as null (notes stored before that rule have ""); both read as "".
 * Run over each store with HARNESS_STORE (the stored JSON goes through each store's reader).
 */
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { right } from '../support/run.js'
import { labelledRecording } from './notes-world.js'
import { person } from './share-world.js'

const s = suite<{ h: Harness; runId: string }>('attendee emails are strings')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.runId = (await labelledRecording(ctx.h, ctx.h.keys.full)).runId
  // The notes as the generations of the code wrote them: a known email, null (today's unknown), "" (older notes' unknown).
  const stored = await right(ctx.h.core.ports.notes.find(ctx.runId))
  if (O.isNone(stored)) throw new Error('the recording has no notes')
  const transcript = await right(ctx.h.core.ports.notes.transcript(ctx.runId, { limit: 100, offset: 0 }))
  const attendees = [
    { name: 'Ana', email: 'ana@example.com' },
    { name: 'Ben', email: null },
    { name: 'Cy', email: '' },
  ]
  await right(ctx.h.core.ports.notes.replace(ctx.runId, { ...stored.value, attendees }, transcript.rows))
})
s.after(async ({ h }) => h.close())

const EXPECTED = [
  { name: 'Ana', email: 'ana@example.com' },
  { name: 'Ben', email: '' },
  { name: 'Cy', email: '' },
]

s('an upload\'s speakers become attendees with an empty email', async ({ h }) => {
  const { runId } = await labelledRecording(h, h.keys.other, 'Another meeting')
  const d = await h.request('GET', `/recordings/${runId}`, { key: h.keys.other })
  assert.is(d.status, 200, JSON.stringify(d.body))
  assert.equal(d.body.data.attendees, [{ name: 'Speaker 1', email: '' }, { name: 'Speaker 2', email: '' }])
})

s('the detail answers "" for an unknown email, stored as null or as ""', async ({ h, runId }) => {
  const d = await h.request('GET', `/recordings/${runId}?include=transcript`)
  assert.is(d.status, 200, JSON.stringify(d.body))
  assert.equal(d.body.data.attendees, EXPECTED)
})

s('so does the JSON export', async ({ h, runId }) => {
  const r = await h.request('GET', `/recordings/${runId}/export?format=json`)
  assert.is(r.status, 200)
  assert.equal(r.body.attendees, EXPECTED)
})

s('and the recording as someone it is shared with reads it, at either scope', async ({ h, runId }) => {
  for (const scope of ['summary', 'full'] as const) {
    const reader = await person(h, `Reader${scope}`)
    assert.is((await h.request('POST', `/recordings/${runId}/shares`, { body: { email: reader.email, scope } })).status, 201)
    const d = await h.request('GET', `/recordings/${runId}`, { key: reader.key })
    assert.is(d.status, 200, JSON.stringify(d.body))
    assert.equal([d.body.data.scope, d.body.data.attendees], [scope, EXPECTED])
  }
})

s.run()
