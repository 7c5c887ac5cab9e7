import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Run } from '../core/domain/recordings/run.js'
import type { AccountSettingsStore } from '../core/ports/account-settings-store.js'
import type { NotesStore, RunStore, StoredNotes, UploadStore } from '../core/ports/recording-stores.js'
import type { RecordingShareStore } from '../core/ports/share-store.js'
import { right } from './tasks.js'
import { run } from './recording-stores.js'

export interface RemovalStores {
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
  readonly shares: RecordingShareStore
  readonly accountSettings: AccountSettingsStore
}

const A = 'a0000000-0000-4000-8000-000000000001'
const SINCE = '2026-05-01T00:00:00.000Z'
const notes: StoredNotes = { shortSummary: 'S.', detailedSummary: 'D.', attendees: [], topics: [], actionItems: [], decisions: [], speakers: [] }
const utterances = Array.from({ length: 1_200 }, (_, i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: 'Ada', text: `Line ${i}` }))

/** Removing runs with what refers to them, the allowance's tombstones, the retention sweep's query and the account settings. */
export const recordingRemovalContract = (name: string, make: () => Promise<RemovalStores> | RemovalStores) => {
  const s = suite<{ st: RemovalStores }>(`${name}: removing recordings, retention`)
  s.before.each(async (ctx) => {
    ctx.st = await make()
  })

  const addReady = async (st: RemovalStores, n: number, over: Partial<Run> = {}) => {
    const r = run(n, { state: 'ready', hasNotes: true, ...over })
    await right(st.runs.create(r))
    return r
  }

  s('notes, transcript, shares and upload are removed, then the run; twice is harmless', async ({ st }) => {
    const r = await addReady(st, 1)
    await right(st.notes.replace(r.id, notes, utterances))
    await right(st.shares.create({ id: '00000000-0000-4000-8000-000000000777', runId: r.id, ownerAccountId: A, email: 'bob@example.com', scope: 'full', createdAt: SINCE }))
    await right(
      st.uploads.create({
        id: '00000000-0000-4000-8000-000000000778', accountId: A, runId: r.id, reference: 'upl-0000-0000-0001', title: 'U', kind: 'transcript',
        filename: 'u.vtt', contentType: null, byteSize: 3, durationMs: null, startsAt: SINCE, createdAt: SINCE, updatedAt: SINCE, error: null, warnings: [],
      }),
    )
    await right(st.notes.remove(r.id))
    await right(st.notes.remove(r.id))
    assert.equal(await right(st.notes.find(r.id)), O.none)
    assert.is((await right(st.notes.transcript(r.id, { limit: 10, offset: 0 }))).total, 0)
    await right(st.shares.removeForRun(A, r.id))
    assert.equal(await right(st.shares.listForRun(A, r.id)), [])
    await right(st.uploads.removeByRun(A, r.id))
    assert.equal(await right(st.uploads.findByRun(A, r.id)), O.none)
    assert.is(await right(st.runs.remove('b0000000-0000-4000-8000-000000000002', r.id)), false, 'another account cannot remove it')
    assert.is(await right(st.runs.remove(A, r.id)), true)
    assert.equal(await right(st.runs.find(A, r.id)), O.none)
    assert.is((await right(st.runs.list(A, { limit: 10, offset: 0 }))).total, 0)
    assert.is(await right(st.runs.remove(A, r.id)), false)
  })

  s('a removed run that counted keeps counting; one that produced nothing does not', async ({ st }) => {
    const counted = await addReady(st, 1)
    const freeFailed = run(2, { state: 'failed', hasNotes: false, joinedAt: null })
    const neverSent = run(3, { state: 'awaiting_upload' })
    const notAdmitted = run(4, { origin: 'manual', state: 'waiting_room', source: null })
    const admitted = run(5, { origin: 'manual', state: 'recording', joinedAt: SINCE, source: null, accountId: A })
    for (const r of [freeFailed, neverSent]) await right(st.runs.create(r))
    await right(st.runs.create(notAdmitted))
    assert.is(await right(st.runs.countSince(A, SINCE)), 3, 'the ready run, the upload waiting for its file and the bot in the waiting room; the failed run is free')
    for (const r of [counted, freeFailed, neverSent, notAdmitted]) assert.ok(await right(st.runs.remove(A, r.id)))
    await right(st.runs.create(admitted))
    assert.ok(await right(st.runs.remove(A, admitted.id)))
    assert.is(await right(st.runs.countSince(A, SINCE)), 2, 'the ready run and the admitted bot still count')
    assert.is(await right(st.runs.countSince(A, '2026-06-01T00:00:00.000Z')), 0, 'in the month they were created')
    const refused = await st.runs.create(run(6), { allowance: { since: SINCE, cap: 2 } })()
    assert.is(refused._tag === 'Left' && (refused.left as { _tag: string })._tag, 'AllowanceSpent', 'the tombstones count in the atomic check too')
  })

  s('endedBefore: runs in the states asked, ended (or started) before the instant, oldest first', async ({ st }) => {
    const ended = await addReady(st, 1, { startsAt: '2026-04-01T09:00:00.000Z', endedAt: '2026-04-01T10:00:00.000Z' })
    const started = await addReady(st, 2, { startsAt: '2026-03-01T09:00:00.000Z' })
    const endedLater = await addReady(st, 3, { startsAt: '2026-04-01T09:00:00.000Z', endedAt: '2026-04-20T10:00:00.000Z' })
    const withAudio = await addReady(st, 4, { startsAt: '2026-02-01T09:00:00.000Z', audio: { key: 'a.wav', mimeType: 'audio/wav' } })
    await right(st.runs.create(run(5, { startsAt: '2026-01-01T09:00:00.000Z' })))
    await addReady(st, 6, { accountId: 'b0000000-0000-4000-8000-000000000002', startsAt: '2026-01-01T09:00:00.000Z' })
    const ids = (rs: ReadonlyArray<Run>) => rs.map((r) => r.id)
    const before = '2026-04-10T00:00:00.000Z'
    assert.equal(ids(await right(st.runs.endedBefore(A, before, { states: ['ready'], withAudio: false, limit: 10 }))), [withAudio.id, started.id, ended.id])
    assert.equal(ids(await right(st.runs.endedBefore(A, before, { states: ['ready'], withAudio: false, limit: 2 }))), [withAudio.id, started.id])
    assert.equal(ids(await right(st.runs.endedBefore(A, before, { states: ['ready'], withAudio: true, limit: 10 }))), [withAudio.id])
    assert.equal(ids(await right(st.runs.endedBefore(A, '2026-05-01T00:00:00.000Z', { states: ['ready', 'awaiting_upload'], withAudio: false, limit: 10 })))[4], endedLater.id)
  })

  s('account settings: none until saved; saved whole; the accounts with a retention, by id', async ({ st }) => {
    assert.equal(await right(st.accountSettings.find(A)), O.none)
    await right(st.accountSettings.save(A, { retention: { days: 30, scope: 'audio' } }, SINCE))
    await right(st.accountSettings.save('b', { retention: { days: null, scope: 'everything' } }, SINCE))
    await right(st.accountSettings.save('c', { retention: { days: 7, scope: 'everything' } }, SINCE))
    assert.equal(await right(st.accountSettings.find(A)), O.some({ retention: { days: 30, scope: 'audio' } }))
    assert.equal(await right(st.accountSettings.withRetention(null, 10)), [
      { accountId: A, retention: { days: 30, scope: 'audio' } },
      { accountId: 'c', retention: { days: 7, scope: 'everything' } },
    ])
    assert.equal((await right(st.accountSettings.withRetention(A, 10))).map((a) => a.accountId), ['c'])
    assert.equal((await right(st.accountSettings.withRetention(null, 1))).map((a) => a.accountId), [A])
    await right(st.accountSettings.save(A, { retention: { days: null, scope: 'audio' } }, SINCE))
    assert.equal((await right(st.accountSettings.withRetention(null, 10))).map((a) => a.accountId), ['c'])
  })

  s.run()
}
