import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryNotesSettingsStore } from '../../../adapters/stores/memory/notes-settings.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import type { Analyzer } from '../../../src/core/ports/analyzer.js'
import { notesPlanFor, type NotesSettingsDeps } from '../../../src/core/recordings/index.js'
import { standInEngines } from '../../support/notes-standin.js'
import { right } from '../../support/run.js'

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'
const never: Analyzer = { name: 'server-configured', analyze: () => { throw new Error('not expected: settings are saved') } }

const depsWith = async (secretBox = aesGcmSecretBox(randomBytes(32))): Promise<NotesSettingsDeps> => ({
  notesSettings: memoryNotesSettingsStore(),
  organizations: memoryOrganizationStore(),
  secretBox,
  clock: fixedClock('2026-06-01T12:00:00.000Z'),
  notesEngines: await standInEngines(),
  analyzer: never,
})
const input = { title: 'T', startsAt: '2026-06-01T12:00:00.000Z', utterances: [{ speaker: 'Ana', text: 'I will send the deck by Friday.', start_ms: 0, end_ms: 2000 }], attendees: [] }

test('a key sealed under another secret key makes the built-in notes, saying why, rather than failing', async () => {
  const deps = await depsWith()
  const other = aesGcmSecretBox(randomBytes(32))
  const scope = { kind: 'account' as const, id: ACCOUNT }
  await right(deps.notesSettings.save(scope, { analyzer: 'openai', openai: { url: 'http://127.0.0.1:1', model: 'm', contextTokens: 8192, key: other.seal('sk') }, defaultTemplate: 'general', updatedAt: '2026-06-01T12:00:00.000Z' }))
  const plan = await right(notesPlanFor(deps)(ACCOUNT, null))
  assert.equal(plan.madeBy, { analyzer: 'openai', model: 'm', template: 'general' })
  const notes = await plan.analyzer.analyze({ ...input, template: plan.template! })()
  assert.ok(E.isRight(notes))
  assert.match(E.isRight(notes) ? (notes.right.madeBy?.fallbackReason ?? '') : '', /key could not be read/)
})

test('a default template the catalogue no longer holds falls back to general; a chosen one wins over the default', async () => {
  const deps = await depsWith()
  await right(deps.notesSettings.save({ kind: 'account', id: ACCOUNT }, { analyzer: 'builtin', openai: null, defaultTemplate: 'retired', updatedAt: '2026-06-01T12:00:00.000Z' }))
  assert.is((await right(notesPlanFor(deps)(ACCOUNT, null))).template?.id, 'general')
  assert.is((await right(notesPlanFor(deps)(ACCOUNT, 'interview'))).template?.id, 'interview')
})

test.run()
