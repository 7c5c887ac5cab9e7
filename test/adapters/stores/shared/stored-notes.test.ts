import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { storedNotesOf } from '../../../../adapters/stores/shared/rows/notes.js'
import { migrate, openDatabase } from '../../../../adapters/stores/sqlite/database.js'
import { sqliteNotesStore, sqliteRunStore } from '../../../../adapters/stores/sqlite/recordings.js'
import { run } from '../../../../src/contracts/recording-stores.js'
import { right } from '../../../support/run.js'

/** Notes as stored before decisions and null emails: no `decisions`, '' for an unknown email. */
const OLD_BODY = {
  shortSummary: 'Short.', detailedSummary: 'Detailed.',
  attendees: [{ name: 'Ada', email: '' }, { name: 'Bo', email: 'bo@example.com' }],
  topics: [], actionItems: [], speakers: [{ name: 'Ada', talkMs: 1, words: 1, share: 1 }],
}

test('old notes read with decisions [] and unknown emails null', () => {
  const n = storedNotesOf(OLD_BODY)
  assert.equal(n.decisions, [])
  assert.equal(n.attendees, [{ name: 'Ada', email: null }, { name: 'Bo', email: 'bo@example.com' }])
  const decisions = [{ text: 'We agreed.', by: null, atMs: null, speaker: null }]
  assert.equal(storedNotesOf({ ...OLD_BODY, decisions }).decisions, decisions)
})

test('sqlite: a notes row written before this change reads in today\'s shape', async () => {
  const db = openDatabase(':memory:')
  migrate(db)
  await right(sqliteRunStore(db).create(run(1)))
  db.prepare('INSERT INTO notes (run_id, body) VALUES (?, ?)').run(run(1).id, JSON.stringify(OLD_BODY))
  const found = await right(sqliteNotesStore(db).find(run(1).id))
  assert.is(found._tag, 'Some')
  if (found._tag === 'Some') {
    assert.equal(found.value.decisions, [])
    assert.equal(found.value.attendees[0], { name: 'Ada', email: null })
  }
})

test.run()
