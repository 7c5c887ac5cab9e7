/**
 * createNotetaker: managing notes through the facade (search, speakers, action
 * items, export, settings, deletion), the same calls as the HTTP routes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNotetaker, NotetakerError } from '../../src/index.js'

const VTT = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'transcripts', 'planning-meeting.vtt'))

test('search, rename a speaker, mark an item done, export, set retention and delete, through the facade', async () => {
  const nt = await createNotetaker({ store: 'memory', logger: 'silent' })
  try {
    await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
    const api = nt.as('ada@example.com')
    const upload = await api.uploads.create({ filename: 'planning.vtt', title: 'Launch planning', byteSize: VTT.length })
    await api.uploads.putContent(upload.id, VTT)
    const done = await api.uploads.waitUntilProcessed(upload.id, { signal: AbortSignal.timeout(60_000), pollMs: 50 })
    assert.is(done.stage, 'ready', done.error ?? '')

    const found = await api.recordings.list({ q: 'crashes', phase: 'done' })
    assert.equal([found.total, found.rows[0]?.runId, found.rows[0]?.match?.atMs], [1, done.runId, 6500])
    assert.is((await api.recordings.list({ q: 'crashes', owned: 'shared' })).total, 0)

    const recording = await api.recordings.get(done.runId)
    const tom = recording.speakers.find((s) => s.name === 'Tom Becker')!
    assert.is((await api.recordings.renameSpeaker(done.runId, tom.id, { name: 'Thomas Becker' })).name, 'Thomas Becker')
    const item = recording.actionItems[0]!
    assert.is((await api.recordings.editActionItem(done.runId, item.id, { status: 'done' })).status, 'done')
    // the corrections of issue 32: the title, the summary, a topic, an added and a deleted item
    assert.is((await api.recordings.rename(done.runId, 'Launch planning, corrected')).title, 'Launch planning, corrected')
    const edited = await api.recordings.editNotes(done.runId, { shortSummary: 'The launch moves to Berlin.' })
    assert.equal([edited.shortSummary, edited.edited.shortSummary?.generated], ['The launch moves to Berlin.', recording.shortSummary])
    const topic = recording.topics[0]!
    assert.is((await api.recordings.editTopic(done.runId, topic.id, { label: 'Venue' })).label, 'Venue')
    const added = await api.recordings.addActionItem(done.runId, { title: 'Call the hotel' })
    assert.is(added.title, 'Call the hotel')
    await api.recordings.deleteActionItem(done.runId, added.id)
    assert.not.ok((await api.recordings.get(done.runId)).actionItems.some((a) => a.id === added.id))
    await api.recordings.rename(done.runId, 'Launch planning')

    const md = await api.recordings.export(done.runId)
    assert.is(md.filename, 'Launch planning.md')
    assert.match(md.contentType, /^text\/markdown/)
    const body = await text(md.stream)
    assert.match(body, /Thomas Becker/)
    assert.match(body, /- \[x\] /)

    assert.equal(await api.updateSettings({ retention: { days: 30 } }), { retention: { days: 30, scope: 'everything' } })
    assert.equal(await api.settings(), { retention: { days: 30, scope: 'everything' } })

    const pending = await api.uploads.create({ filename: 'later.vtt' })
    assert.is(await api.uploads.delete(pending.id), undefined)
    assert.is(await api.recordings.delete(done.runId), undefined)
    const gone = await api.recordings.get(done.runId).catch((e: unknown) => e)
    assert.instance(gone, NotetakerError)
    assert.is((gone as NotetakerError).code, 'NOT_FOUND')
    assert.is((await api.recordings.list()).total, 0)
  } finally {
    await nt.close()
  }
})

test.run()
