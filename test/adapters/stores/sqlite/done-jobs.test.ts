/** The SQLite queue keeps a finished job a while (to be looked at), then deletes it, so the table does not only grow. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate, openDatabase } from '../../../../adapters/stores/sqlite/database.js'
import { sqliteJobQueue } from '../../../../adapters/stores/sqlite/job-queue.js'
import { randomIds } from '../../../../adapters/system/ids.js'
import { right } from '../../../support/run.js'

const withQueue = async (options: Parameters<typeof sqliteJobQueue>[2], use: (q: ReturnType<typeof sqliteJobQueue>, count: () => unknown[]) => Promise<void>) => {
  const dir = mkdtempSync(join(tmpdir(), 'done-jobs-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  try {
    migrate(db)
    await use(sqliteJobQueue(db, randomIds.uuid, options), () => db.prepare('SELECT payload, status FROM jobs ORDER BY payload').all())
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const finish = async (q: ReturnType<typeof sqliteJobQueue>, payload: number) => {
  await right(q.enqueue({ kind: 'a', payload }))
  const job = await right(q.claim(['a'], new Date(), 60_000))
  await new Promise((r) => setTimeout(r, 5))
  await right(q.complete(O.toNullable(job)!.id))
}

test('a finished job older than it is kept goes when another finishes', async () => {
  await withQueue({ keepDoneMs: 0, pruneEveryMs: 0 }, async (q, rows) => {
    await finish(q, 1)
    await finish(q, 2)
    assert.equal(rows(), [{ payload: '2', status: 'done' }])
  })
})

test('by default finished jobs stay (a day): two finished in a row are both there', async () => {
  await withQueue({}, async (q, rows) => {
    await finish(q, 1)
    await finish(q, 2)
    assert.equal(rows(), [
      { payload: '1', status: 'done' },
      { payload: '2', status: 'done' },
    ])
  })
})

test.run()
