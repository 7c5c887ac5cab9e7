import * as O from 'fp-ts/Option'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Run } from '../../src/core/domain/run.js'
import type { Upload } from '../../src/core/domain/upload.js'
import type { NotesStore, RunStore, StoredNotes, UploadStore } from '../../src/core/ports/recording-stores.js'
import { left, right } from '../support/run.js'

export interface RecordingStores {
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
}

const A = 'a0000000-0000-4000-8000-000000000001'
const B = 'b0000000-0000-4000-8000-000000000002'
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const run = (n: number, over: Partial<Run> = {}): Run => ({
  id: id(n), accountId: A, reference: `rec-0000-0000-000${n % 10}`, origin: 'upload', meetingId: null, title: `Run ${n}`,
  startsAt: `2026-05-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`, platform: null, joinUrl: null, state: 'awaiting_upload',
  detail: null, joinedAt: null, waitedSeconds: null, recordingSeconds: null, endedAt: null,
  source: { kind: 'transcript', key: `uploads/${n}`, format: 'vtt' }, audio: null, hasNotes: false,
  createdAt: `2026-05-01T00:00:0${n % 10}.000Z`, updatedAt: '2026-05-01T00:00:00.000Z', ...over,
})

const upload = (n: number, runId: string, over: Partial<Upload> = {}): Upload => ({
  id: id(100 + n), accountId: A, runId, reference: `upl-0000-0000-000${n}`, title: `Upload ${n}`, kind: 'transcript',
  filename: `f${n}.vtt`, contentType: 'text/vtt', byteSize: 10, durationMs: null, startsAt: '2026-05-01T00:00:00.000Z',
  createdAt: `2026-05-01T00:00:0${n}.000Z`, updatedAt: '2026-05-01T00:00:00.000Z', error: null, ...over,
})

const notes: StoredNotes = {
  shortSummary: 'Short.', detailedSummary: 'Detailed.', attendees: [{ name: 'Ada', email: '' }], topics: [{ label: 'budget', share: 1 }],
  actionItems: [{ id: id(900), title: 'Send the deck', owner: 'Ada', due: '2026-05-08', status: 'active', context: 'I will send the deck.', tags: ['commitment'] }],
  speakers: [{ name: 'Ada', talkMs: 1000, words: 5, share: 1 }],
}

export const recordingStoresContract = (name: string, make: () => Promise<RecordingStores> | RecordingStores) => {
  const s = suite<{ s: RecordingStores }>(`${name}: run, upload and notes stores`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('runs are scoped to their account; lists are newest start first and leave superseded runs out', async ({ s }) => {
    for (const n of [1, 3, 2]) await right(s.runs.create(run(n)))
    await right(s.runs.create(run(4, { state: 'superseded' })))
    await right(s.runs.create(run(5, { accountId: B })))
    assert.equal(await right(s.runs.find(B, id(1))), O.none, 'another account sees nothing')
    assert.equal(await right(s.runs.find(A, id(1))), O.some(run(1)))
    const page = await right(s.runs.list(A, { limit: 2, offset: 0 }))
    assert.equal([page.rows.map((r) => r.id), page.total], [[id(3), id(2)], 3])
    const next = await right(s.runs.list(A, { limit: 2, offset: 2 }))
    assert.equal(next.rows.map((r) => r.id), [id(1)])
  })

  s('update only from an expected state; otherwise a conflict and nothing changes', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const stored = { ...run(1), state: 'stored' as const, source: { kind: 'audio' as const, key: 'k', format: 'wav' } }
    await right(s.runs.update(stored, ['awaiting_upload']))
    const e = await left(s.runs.update({ ...run(1), state: 'stored' }, ['awaiting_upload']))
    assert.is(e._tag, 'Conflict')
    assert.equal(await right(s.runs.find(A, id(1))), O.some(stored))
    assert.is((await left(s.runs.update({ ...run(1), accountId: B }, ['stored'])))._tag, 'Conflict', 'not across accounts')
  })

  s('currentForMeetings gives each meeting its newest run that is not superseded', async ({ s }) => {
    const m1 = 'm0000000-0000-4000-8000-000000000001'
    const m2 = 'm0000000-0000-4000-8000-000000000002'
    await right(s.runs.create(run(1, { meetingId: m1, origin: 'calendar', createdAt: '2026-05-01T00:00:01.000Z', state: 'superseded' })))
    await right(s.runs.create(run(2, { meetingId: m1, origin: 'calendar', createdAt: '2026-05-01T00:00:02.000Z', state: 'scheduled' })))
    await right(s.runs.create(run(3, { meetingId: m2, origin: 'calendar', accountId: B })))
    const current = await right(s.runs.currentForMeetings(A, [m1, m2]))
    assert.equal([...current.keys()], [m1])
    assert.is(current.get(m1)?.id, id(2))
    assert.is((await right(s.runs.currentForMeetings(A, []))).size, 0)
  })

  s('countSince counts runs that used the allowance', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2, { state: 'cancelled' })))
    await right(s.runs.create(run(3, { state: 'skipped' })))
    await right(s.runs.create(run(4, { createdAt: '2026-04-30T23:59:59.999Z' })))
    await right(s.runs.create(run(5, { accountId: B })))
    assert.is(await right(s.runs.countSince(A, '2026-05-01T00:00:00.000Z')), 1)
  })

  s('uploads: find, by run, update, newest first', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2)))
    await right(s.uploads.create(upload(1, id(1))))
    await right(s.uploads.create(upload(2, id(2))))
    assert.equal(await right(s.uploads.find(B, id(101))), O.none)
    assert.equal(await right(s.uploads.findByRun(A, id(2))), O.some(upload(2, id(2))))
    await right(s.uploads.update({ ...upload(1, id(1)), error: 'boom' }))
    const page = await right(s.uploads.list(A, { limit: 25, offset: 0 }))
    assert.equal(page.rows.map((u) => [u.id, u.error]), [[id(102), null], [id(101), 'boom']])
  })

  s('notes and transcript are replaced whole and paged in order', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const utterances = Array.from({ length: 30 }, (_, i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: i % 2 ? 'Bo' : 'Ada', text: `line ${i}` }))
    await right(s.notes.replace(id(1), notes, utterances))
    await right(s.notes.replace(id(1), notes, utterances))
    assert.equal(await right(s.notes.find(id(1))), O.some(notes))
    const page = await right(s.notes.transcript(id(1), { limit: 10, offset: 25 }))
    assert.equal([page.total, page.rows.length, page.rows[0]], [30, 5, utterances[25]])
    assert.equal(await right(s.notes.find(id(2))), O.none)
    assert.equal((await right(s.notes.transcript(id(2), { limit: 10, offset: 0 }))).total, 0)
  })

  s.run()
}
