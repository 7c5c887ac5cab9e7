import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { NotesEditStore } from '../core/ports/notes-edit-store.js'
import type { RunStore } from '../core/ports/recording-stores.js'
import { right } from './tasks.js'
import { run } from './recording-stores.js'

/** The edits store, beside a run store: the SQL tables refer to runs. */
export interface NotesEditStores {
  readonly runs: RunStore
  readonly notesEdits: NotesEditStore
}

const SPEAKER = '11111111-1111-8111-8111-111111111111'
const ITEM = '22222222-2222-8222-8222-222222222222'

export const notesEditStoreContract = (name: string, make: () => Promise<NotesEditStores> | NotesEditStores) => {
  const s = suite<{ s: NotesEditStores }>(`${name}: notes edits store`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('a run without edits has empty lists', async ({ s }) => {
    await right(s.runs.create(run(1)))
    assert.equal(await right(s.notesEdits.find(run(1).id)), { speakers: [], actionItems: [], parts: [] })
  })

  s('speaker names and item edits are replaced, kept per run, and removed with the run\'s edits', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2)))
    const r1 = run(1).id
    await right(s.notesEdits.putSpeaker(r1, { speakerId: SPEAKER, name: 'Ana', email: null, updatedAt: '2026-06-01T00:00:00.000Z' }))
    await right(s.notesEdits.putSpeaker(r1, { speakerId: SPEAKER, name: 'Ana Ruiz', email: 'ana@example.com', updatedAt: '2026-06-01T00:00:01.000Z' }))
    await right(s.notesEdits.putActionItem(r1, { itemId: ITEM, changes: { status: 'done' }, updatedAt: '2026-06-01T00:00:00.000Z' }))
    await right(s.notesEdits.putActionItem(r1, { itemId: ITEM, changes: { status: 'done', owner: null, due: '2026-07-01', title: 'Send it' }, updatedAt: '2026-06-01T00:00:02.000Z' }))
    assert.equal(await right(s.notesEdits.find(r1)), {
      speakers: [{ speakerId: SPEAKER, name: 'Ana Ruiz', email: 'ana@example.com', updatedAt: '2026-06-01T00:00:01.000Z' }],
      actionItems: [{ itemId: ITEM, changes: { status: 'done', owner: null, due: '2026-07-01', title: 'Send it' }, updatedAt: '2026-06-01T00:00:02.000Z' }],
      parts: [],
    })
    assert.equal(await right(s.notesEdits.find(run(2).id)), { speakers: [], actionItems: [], parts: [] }, 'another run sees none')
    await right(s.notesEdits.remove(r1))
    await right(s.notesEdits.remove(r1))
    assert.equal(await right(s.notesEdits.find(r1)), { speakers: [], actionItems: [], parts: [] })
  })

  s('an added or deleted item is an edit like the others', async ({ s }) => {
    await right(s.runs.create(run(1)))
    const r1 = run(1).id
    await right(s.notesEdits.putActionItem(r1, { itemId: ITEM, changes: { addedAt: '2026-06-01T00:00:00.000Z', title: 'Call Bo', owner: null, due: null, status: 'active' }, updatedAt: '2026-06-01T00:00:00.000Z' }))
    await right(s.notesEdits.putActionItem(r1, { itemId: SPEAKER, changes: { deleted: true }, updatedAt: '2026-06-01T00:00:01.000Z' }))
    const found = await right(s.notesEdits.find(r1))
    assert.equal([...found.actionItems].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)), [
      { itemId: ITEM, changes: { addedAt: '2026-06-01T00:00:00.000Z', title: 'Call Bo', owner: null, due: null, status: 'active' }, updatedAt: '2026-06-01T00:00:00.000Z' },
      { itemId: SPEAKER, changes: { deleted: true }, updatedAt: '2026-06-01T00:00:01.000Z' },
    ])
  })

  s('rewritten parts are kept one per key, replaced, dropped one at a time, and removed with the run\'s edits', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2)))
    const r1 = run(1).id
    const at = (n: number) => `2026-06-01T00:00:0${n}.000Z`
    await right(s.notesEdits.putPart(r1, { part: 'shortSummary', text: 'First try', updatedAt: at(0) }))
    await right(s.notesEdits.putPart(r1, { part: 'shortSummary', text: 'We ship Friday.', updatedAt: at(1) }))
    await right(s.notesEdits.putPart(r1, { part: 'detailedSummary', text: '- one\n- two', updatedAt: at(2) }))
    await right(s.notesEdits.putPart(r1, { part: 'decisions', decisions: ['Berlin', 'Ship'], updatedAt: at(3) }))
    await right(s.notesEdits.putPart(r1, { part: 'topic', topicId: ITEM, label: 'Venue', updatedAt: at(4) }))
    await right(s.notesEdits.putPart(r1, { part: 'topic', topicId: SPEAKER, label: 'Budget', updatedAt: at(5) }))
    const parts = async (runId: string) => [...(await right(s.notesEdits.find(runId))).parts].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
    assert.equal(await parts(r1), [
      { part: 'shortSummary', text: 'We ship Friday.', updatedAt: at(1) },
      { part: 'detailedSummary', text: '- one\n- two', updatedAt: at(2) },
      { part: 'decisions', decisions: ['Berlin', 'Ship'], updatedAt: at(3) },
      { part: 'topic', topicId: ITEM, label: 'Venue', updatedAt: at(4) },
      { part: 'topic', topicId: SPEAKER, label: 'Budget', updatedAt: at(5) },
    ])
    assert.equal(await parts(run(2).id), [], 'another run sees none')
    await right(s.notesEdits.dropPart(r1, 'shortSummary'))
    await right(s.notesEdits.dropPart(r1, `topic:${ITEM}`))
    await right(s.notesEdits.dropPart(r1, `topic:${ITEM}`))
    assert.equal((await parts(r1)).map((p) => p.updatedAt), [at(2), at(3), at(5)])
    await right(s.notesEdits.remove(r1))
    assert.equal(await parts(r1), [])
  })

  s.run()
}
