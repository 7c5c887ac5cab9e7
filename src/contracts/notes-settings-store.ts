import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { NotesScope, NotesSettings } from '../core/domain/notes/notes-settings.js'
import type { NotesSettingsStore } from '../core/ports/notes-settings-store.js'
import { right } from './tasks.js'

const ORG: NotesScope = { kind: 'organization', id: 'a0000000-0000-4000-8000-000000000001' }
const OTHER_ORG: NotesScope = { kind: 'organization', id: 'b0000000-0000-4000-8000-000000000002' }
// The same id as ORG, as an account: scopes of the two kinds never meet.
const ACCOUNT: NotesScope = { kind: 'account', id: ORG.id }

const openai: NotesSettings = {
  analyzer: 'openai',
  openai: { url: 'http://127.0.0.1:11434', model: 'llama3.1:8b', contextTokens: 8192, key: 'sealed:abc' },
  defaultTemplate: 'standup',
  updatedAt: '2026-06-01T12:00:00.000Z',
}

/** The notes settings store: one record per scope, written whole, never seen from another scope. */
export const notesSettingsStoreContract = (name: string, make: () => Promise<NotesSettingsStore> | NotesSettingsStore) => {
  const s = suite<{ store: NotesSettingsStore }>(`${name}: notes settings store`)
  s.before.each(async (ctx) => {
    ctx.store = await make()
  })

  s('a scope that saved nothing has nothing', async ({ store }) => {
    assert.equal(await right(store.find(ORG)), O.none)
  })

  s('settings are read back as saved, and only by their scope', async ({ store }) => {
    assert.equal(await right(store.save(ORG, openai)), openai)
    assert.equal(await right(store.find(ORG)), O.some(openai))
    assert.equal(await right(store.find(OTHER_ORG)), O.none)
    assert.equal(await right(store.find(ACCOUNT)), O.none, 'an account with the organization\'s id sees nothing')
  })

  s('saving again replaces the whole record: a removed server and key are gone', async ({ store }) => {
    await right(store.save(ORG, openai))
    const builtin: NotesSettings = { analyzer: 'builtin', openai: null, defaultTemplate: 'general', updatedAt: '2026-06-02T12:00:00.000Z' }
    await right(store.save(ORG, builtin))
    assert.equal(await right(store.find(ORG)), O.some(builtin))
    const keyless: NotesSettings = { ...openai, openai: { ...openai.openai!, key: null } }
    await right(store.save(ACCOUNT, keyless))
    assert.equal(await right(store.find(ACCOUNT)), O.some(keyless))
    assert.equal(await right(store.find(ORG)), O.some(builtin), 'the organization keeps its own')
  })

  s.run()
}
