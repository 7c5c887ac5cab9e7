import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate, openDatabase } from '../../../../adapters/stores/sqlite/database.js'
import { TRANSCRIPT_COUNT_SQL } from '../../../../adapters/stores/sqlite/recordings.js'

test("a transcript's utterances are counted from the narrow index, not by reading every text", () => {
  const db = openDatabase(':memory:')
  migrate(db)
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${TRANSCRIPT_COUNT_SQL}`).all('run') as Array<{ detail: string }>
  assert.equal(plan.map((p) => p.detail), ['SEARCH utterances USING COVERING INDEX utterances_by_run (run_id=?)'])
  db.close()
})

test.run()
