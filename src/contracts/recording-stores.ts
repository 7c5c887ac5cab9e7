import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Run } from '../core/domain/recordings/run.js'
import type { Upload } from '../core/domain/recordings/upload.js'
import type { NotesStore, RunStore, StoredNotes, UploadStore } from '../core/ports/recording-stores.js'
import { left, right } from './tasks.js'

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
  source: { kind: 'transcript', key: `uploads/${n}`, format: 'vtt' }, audio: null, hasNotes: false, leaveRequestedAt: null, progress: null,
  language: null, detectedLanguage: null, failedStage: null, speakerSeparation: null, transcribedBy: null, template: null,
  createdAt: `2026-05-01T00:00:0${n % 10}.000Z`, updatedAt: '2026-05-01T00:00:00.000Z', ...over,
})

const upload = (n: number, runId: string, over: Partial<Upload> = {}): Upload => ({
  id: id(100 + n), accountId: A, runId, reference: `upl-0000-0000-000${n}`, title: `Upload ${n}`, kind: 'transcript',
  filename: `f${n}.vtt`, contentType: 'text/vtt', byteSize: 10, durationMs: null, startsAt: '2026-05-01T00:00:00.000Z',
  createdAt: `2026-05-01T00:00:0${n}.000Z`, updatedAt: '2026-05-01T00:00:00.000Z', error: null, warnings: [], ...over,
})

const notes: StoredNotes = {
  shortSummary: 'Short.', detailedSummary: 'Detailed.', attendees: [{ name: 'Ada', email: null }], topics: [{ label: 'budget', share: 1 }],
  actionItems: [{ id: id(900), title: 'Send the deck', owner: 'Ada', due: '2026-05-08', status: 'active', context: 'I will send the deck.', tags: ['commitment'] }],
  decisions: [{ text: 'We decided to keep the budget.', by: 'Ada', atMs: 0, speaker: 'Ada' }],
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

  s('rename sets the title only, within the account; update keeps the stored title, so an older copy never undoes a rename', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const renamed = await right(s.runs.rename(A, id(1), 'Weekly sync'))
    assert.equal(renamed, O.some({ ...run(1), title: 'Weekly sync' }))
    assert.equal(await right(s.runs.rename(B, id(1), 'Not mine')), O.none, 'not across accounts')
    assert.equal(await right(s.runs.rename(A, id(9), 'Nothing')), O.none)
    await right(s.runs.update({ ...run(1), state: 'stored', source: { kind: 'audio', key: 'k', format: 'wav' } }, ['awaiting_upload']))
    const found = await right(s.runs.find(A, id(1)))
    assert.is(O.isSome(found) && found.value.title, 'Weekly sync')
    assert.is(O.isSome(found) && found.value.state, 'stored')
  })

  s('a run keeps the template it was made with, and its notes keep who made them', async ({ s }) => {
    await right(s.runs.create(run(1, { template: 'sales-call' })))
    assert.equal(O.map((r: Run) => r.template)(await right(s.runs.find(A, id(1)))), O.some('sales-call'))
    await right(s.runs.update({ ...run(1), template: 'standup', state: 'stored' }, ['awaiting_upload']))
    assert.equal(O.map((r: Run) => r.template)(await right(s.runs.find(A, id(1)))), O.some('standup'))
    const madeBy = { analyzer: 'openai', model: 'llama3.1:8b', template: 'standup', fallbackReason: null }
    await right(s.notes.replace(id(1), { ...notes, madeBy }, []))
    assert.equal(O.map((n: StoredNotes) => n.madeBy)(await right(s.notes.find(id(1)))), O.some(madeBy))
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

  s('inProcessing lists the runs of every account that are stored or being processed, oldest change first, up to the limit', async ({ s }) => {
    const at = (minute: number) => `2026-05-01T00:${String(minute).padStart(2, '0')}:00.000Z`
    await right(s.runs.create(run(1, { state: 'stored', updatedAt: at(30) })))
    await right(s.runs.create(run(2, { state: 'analysing', accountId: B, updatedAt: at(10) })))
    await right(s.runs.create(run(3, { state: 'transcribing', updatedAt: at(20) })))
    for (const [n, state] of [[4, 'ready'], [5, 'failed'], [6, 'awaiting_upload']] as const) await right(s.runs.create(run(n, { state, updatedAt: at(0) })))
    assert.equal(await right(s.runs.inProcessing(10)), [
      { id: id(2), accountId: B },
      { id: id(3), accountId: A },
      { id: id(1), accountId: A },
    ])
    assert.equal((await right(s.runs.inProcessing(2))).map((r) => r.id), [id(2), id(3)])
  })

  s('queuedBots lists the bots of every account that have not set off, oldest first, up to the limit', async ({ s }) => {
    const at = (minute: number) => `2026-05-01T00:${String(minute).padStart(2, '0')}:00.000Z`
    const bot = (n: number, over: Partial<Run>) => run(n, { origin: 'manual', source: null, ...over })
    await right(s.runs.create(bot(1, { state: 'queued', createdAt: at(30) })))
    await right(s.runs.create(bot(2, { state: 'queued', accountId: B, createdAt: at(10) })))
    await right(s.runs.create(run(3, { origin: 'calendar', source: null, state: 'scheduled', createdAt: at(0) })))
    await right(s.runs.create(bot(4, { state: 'cancelled', createdAt: at(0) })))
    await right(s.runs.create(run(5, { state: 'stored', createdAt: at(0) })))
    assert.equal(await right(s.runs.queuedBots(10)), [
      { id: id(2), accountId: B },
      { id: id(1), accountId: A },
    ])
    assert.equal(await right(s.runs.queuedBots(1)), [{ id: id(2), accountId: B }])
  })

  s('one live bot per account: create refuses a second, other accounts and other states are not held back', async ({ s }) => {
    const live = run(1, { origin: 'manual', state: 'recording', source: null })
    await right(s.runs.create(live))
    assert.equal(await left(s.runs.create(run(2, { origin: 'manual', state: 'queued', source: null }))), {
      _tag: 'LiveBotExists', runId: id(1), reference: live.reference,
    })
    await right(s.runs.create(run(3, { origin: 'calendar', state: 'scheduled', source: null })))
    await right(s.runs.create(run(4, { origin: 'manual', state: 'queued', source: null, accountId: B })))
    assert.equal(await right(s.runs.findLive(A)), O.some(live))
    assert.is((await right(s.runs.list(A, { limit: 25, offset: 0 }))).total, 2, 'the refused run was not stored')
  })

  s('one live bot per account: update refuses to make a second live bot and changes nothing', async ({ s }) => {
    await right(s.runs.create(run(1, { origin: 'manual', state: 'joining', source: null })))
    const scheduled = run(2, { origin: 'calendar', state: 'scheduled', source: null })
    await right(s.runs.create(scheduled))
    const e = await left(s.runs.update({ ...scheduled, state: 'joining' }, ['scheduled']))
    assert.is(e._tag, 'Conflict')
    assert.equal(await right(s.runs.find(A, id(2))), O.some(scheduled))
    await right(s.runs.update({ ...run(1, { origin: 'manual', source: null }), state: 'recording', leaveRequestedAt: '2026-05-01T00:01:00.000Z' }, ['joining']))
    assert.is(O.toNullable(await right(s.runs.findLive(A)))?.leaveRequestedAt, '2026-05-01T00:01:00.000Z', 'a live bot moves on')
    await right(s.runs.update({ ...run(1, { origin: 'manual', source: null }), state: 'stored' }, ['recording']))
    await right(s.runs.update({ ...scheduled, state: 'joining' }, ['scheduled']))
    assert.is(O.toNullable(await right(s.runs.findLive(A)))?.id, id(2), 'once the first has left, the next may go live')
  })

  s('requestLeave marks only a live bot, and the mark survives later updates', async ({ s }) => {
    await right(s.runs.create(run(1)))
    assert.equal(await right(s.runs.requestLeave(A, id(1), '2026-05-01T00:02:00.000Z')), O.none, 'not a live bot')
    const live = run(2, { origin: 'manual', state: 'recording', source: null })
    await right(s.runs.create(live))
    assert.equal(await right(s.runs.requestLeave(B, id(2), '2026-05-01T00:02:00.000Z')), O.none, 'not across accounts')
    const marked = O.toNullable(await right(s.runs.requestLeave(A, id(2), '2026-05-01T00:02:00.000Z')))
    assert.is(marked?.leaveRequestedAt, '2026-05-01T00:02:00.000Z')
    const later = await right(s.runs.update({ ...live, detail: 'still here' }, ['recording']))
    assert.equal([later.leaveRequestedAt, later.detail], ['2026-05-01T00:02:00.000Z', 'still here'], 'a writer that read the run before the request does not clear it')
    await right(s.runs.requestLeave(A, id(2), '2026-05-01T00:03:00.000Z'))
    assert.is(O.toNullable(await right(s.runs.find(A, id(2))))?.leaveRequestedAt, '2026-05-01T00:02:00.000Z', 'the first request stands')
  })

  s('setProgress writes only the progress, only while the run is in the named state; update writes the progress the run carries', async ({ s }) => {
    const transcribing = run(1, { state: 'transcribing', source: { kind: 'audio', key: 'k', format: 'wav' } })
    await right(s.runs.create(transcribing))
    assert.is(await right(s.runs.setProgress(A, id(1), 'transcribing', 0.25)), true)
    assert.equal(await right(s.runs.find(A, id(1))), O.some({ ...transcribing, progress: 0.25 }), 'nothing else changed, not even updatedAt')
    assert.is(await right(s.runs.setProgress(A, id(1), 'analysing', 0.5)), false, 'a report for another stage is dropped')
    assert.is(await right(s.runs.setProgress(B, id(1), 'transcribing', 0.5)), false, 'not across accounts')
    assert.is(await right(s.runs.setProgress(A, id(99), 'transcribing', 0.5)), false, 'an unknown run')
    assert.is(O.toNullable(await right(s.runs.find(A, id(1))))?.progress, 0.25)
    const analysing: Run = { ...transcribing, state: 'analysing', progress: null, updatedAt: '2026-05-02T00:00:00.000Z' }
    await right(s.runs.update(analysing, ['transcribing']))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(analysing), 'the move cleared it')
    assert.is(await right(s.runs.setProgress(A, id(1), 'transcribing', 0.9)), false, 'a late report of the stage before is dropped')
    assert.is(await right(s.runs.setProgress(A, id(1), 'analysing', 0.5)), true)
    assert.is(O.toNullable(await right(s.runs.find(A, id(1))))?.progress, 0.5)
    const listed = await right(s.runs.list(A, { limit: 10, offset: 0 }))
    assert.equal(listed.rows.map((r) => r.progress), [0.5], 'lists carry it too')
  })

  s('a run keeps the language asked for and the one detected, through create, update and lists', async ({ s }) => {
    const asked = run(1, { state: 'transcribing', source: { kind: 'audio', key: 'k', format: 'wav' }, language: 'auto' })
    await right(s.runs.create(asked))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(asked))
    const detected: Run = { ...asked, state: 'analysing', detectedLanguage: 'pt-BR', updatedAt: '2026-05-02T00:00:00.000Z' }
    await right(s.runs.update(detected, ['transcribing']))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(detected))
    const listed = await right(s.runs.list(A, { limit: 10, offset: 0 }))
    assert.equal(listed.rows.map((r) => [r.language, r.detectedLanguage]), [['auto', 'pt-BR']])
    await right(s.runs.create(run(2)))
    assert.equal(O.toNullable(await right(s.runs.find(A, id(2))))?.language, null, 'none asked: null')
  })

  s('a run keeps how its speakers were told apart, and the stage it failed in', async ({ s }) => {
    const analysing = run(1, { state: 'analysing', source: { kind: 'audio', key: 'k', format: 'wav' }, speakerSeparation: 'channels' })
    await right(s.runs.create(analysing))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(analysing))
    const failed: Run = { ...analysing, state: 'failed', failedStage: 'analysing', detail: 'analysis failed', updatedAt: '2026-05-02T00:00:00.000Z' }
    await right(s.runs.update(failed, ['analysing']))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(failed))
    const listed = await right(s.runs.list(A, { limit: 10, offset: 0 }))
    assert.equal(listed.rows.map((r) => [r.failedStage, r.speakerSeparation]), [['analysing', 'channels']])
  })

  s('a run keeps the engine that made its transcript; null stays null', async ({ s }) => {
    const whisper = { engine: 'whisper', model: 'base.en', accuracy: 'accurate' } as const
    const transcribing = run(1, { state: 'transcribing', source: { kind: 'audio', key: 'k', format: 'wav' } })
    await right(s.runs.create(transcribing))
    assert.is(O.toNullable(await right(s.runs.find(A, id(1))))?.transcribedBy, null)
    const analysing: Run = { ...transcribing, state: 'analysing', transcribedBy: whisper, updatedAt: '2026-05-02T00:00:00.000Z' }
    await right(s.runs.update(analysing, ['transcribing']))
    assert.equal(await right(s.runs.find(A, id(1))), O.some(analysing))
    const rough = run(2, { state: 'ready', transcribedBy: { engine: 'pocketsphinx', model: null, accuracy: 'rough' } })
    await right(s.runs.create(rough))
    const listed = await right(s.runs.list(A, { limit: 10, offset: 0 }))
    assert.equal(listed.rows.map((r) => r.transcribedBy), [{ engine: 'pocketsphinx', model: null, accuracy: 'rough' }, whisper])
  })

  s('parallel creates of live bots: exactly one is stored', async ({ s }) => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => s.runs.create(run(10 + i, { origin: 'manual', state: 'queued', source: null }))()),
    )
    assert.is(results.filter((r) => r._tag === 'Right').length, 1)
    assert.ok(results.every((r) => r._tag === 'Right' || r.left._tag === 'LiveBotExists'))
  })

  s('a meeting has one run per start, not counting superseded or cancelled ones', async ({ s }) => {
    const m = 'm0000000-0000-4000-8000-000000000001'
    const at = '2026-05-20T09:00:00.000Z'
    await right(s.runs.create(run(1, { meetingId: m, origin: 'calendar', state: 'cancelled', startsAt: at, source: null })))
    await right(s.runs.create(run(2, { meetingId: m, origin: 'calendar', state: 'superseded', startsAt: at, source: null })))
    await right(s.runs.create(run(3, { meetingId: m, origin: 'calendar', state: 'scheduled', startsAt: at, source: null })))
    assert.equal(await left(s.runs.create(run(4, { meetingId: m, origin: 'calendar', state: 'skipped', startsAt: at, source: null }))), {
      _tag: 'MeetingRunExists', runId: id(3),
    })
    await right(s.runs.create(run(5, { meetingId: m, origin: 'calendar', state: 'scheduled', startsAt: '2026-05-21T09:00:00.000Z', source: null })))
  })

  s('create checks the allowance with the insert; free runs do not count', async ({ s }) => {
    const allowance = { since: '2026-05-01T00:00:00.000Z', cap: 2 }
    await right(s.runs.create(run(1), { allowance }))
    await right(s.runs.create(run(2, { state: 'skipped' }), { allowance }))
    await right(s.runs.create(run(3), { allowance }))
    assert.equal(await left(s.runs.create(run(4), { allowance })), { _tag: 'AllowanceSpent', used: 2 })
    await right(s.runs.create(run(5, { state: 'skipped' }))) // a run created without rules is not checked
    assert.is(await right(s.runs.countSince(A, allowance.since)), 2)
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

  s('uploads: warnings are kept in order, as written, and replaced whole', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.uploads.create(upload(1, id(1))))
    assert.equal(O.map((u: Upload) => u.warnings)(await right(s.uploads.find(A, id(101)))), O.some([]))
    const warnings = ["2 parts of the file could not be read and were left out (line 14: 'x' ; line 40: \"é\" \u2014 ok)", 'the file is not UTF-8']
    await right(s.uploads.update({ ...upload(1, id(1)), warnings }))
    assert.equal(await right(s.uploads.find(A, id(101))), O.some(upload(1, id(1), { warnings })))
    await right(s.uploads.update({ ...upload(1, id(1)), warnings: [] }))
    assert.equal(await right(s.uploads.findByRun(A, id(1))), O.some(upload(1, id(1))))
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

  s('a transcript without notes is readable, has no notes, and notes added later replace it whole', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const line = (text: string, i: number) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: 'Ada', text })
    await right(s.notes.replace(id(1), notes, [line('old', 0)]))
    await right(s.notes.replace(id(1), null, [line('heard first', 0), line('heard second', 1)]))
    assert.equal(await right(s.notes.find(id(1))), O.none)
    assert.equal((await right(s.notes.transcript(id(1), { limit: 10, offset: 0 }))).rows.map((u) => u.text), ['heard first', 'heard second'])
    await right(s.notes.replace(id(1), notes, [line('heard first', 0), line('heard second', 1)]))
    assert.equal(await right(s.notes.find(id(1))), O.some(notes))
    assert.equal((await right(s.notes.transcript(id(1), { limit: 10, offset: 0 }))).total, 2)
  })

  s('a transcript of many thousand utterances is replaced whole, longer by shorter and back', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ start_ms: i * 10, end_ms: i * 10 + 9, speaker: 'Ada', text: `${tag} ${i}` }))
    const long = many(12_345, 'long')
    await right(s.notes.replace(id(1), notes, long))
    const tail = await right(s.notes.transcript(id(1), { limit: 100, offset: 12_300 }))
    assert.equal([tail.total, tail.rows.length, tail.rows[44]], [12_345, 45, long[12_344]])
    await right(s.notes.replace(id(1), { ...notes, shortSummary: 'short' }, many(3, 'short')))
    const short = await right(s.notes.transcript(id(1), { limit: 100, offset: 0 }))
    assert.equal([short.total, short.rows.map((u) => u.text)], [3, ['short 0', 'short 1', 'short 2']])
    assert.equal(O.map((n: { shortSummary: string }) => n.shortSummary)(await right(s.notes.find(id(1)))), O.some('short'))
    await right(s.notes.replace(id(1), notes, long))
    assert.equal((await right(s.notes.transcript(id(1), { limit: 1, offset: 4_000 }))).rows, [long[4_000]])
  })

  s.run()
}
