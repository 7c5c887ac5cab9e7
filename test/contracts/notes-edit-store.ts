import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { NotesEditStore } from '../../src/core/ports/notes-edit-store.js'
import type { RunStore } from '../../src/core/ports/recording-stores.js'
import { right } from '../support/run.js'
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
    assert.equal(await right(s.notesEdits.find(run(1).id)), { speakers: [], actionItems: [] })
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
    })
    assert.equal(await right(s.notesEdits.find(run(2).id)), { speakers: [], actionItems: [] }, 'another run sees none')
    await right(s.notesEdits.remove(r1))
    await right(s.notesEdits.remove(r1))
    assert.equal(await right(s.notesEdits.find(r1)), { speakers: [], actionItems: [] })
  })

  s.run()
}
