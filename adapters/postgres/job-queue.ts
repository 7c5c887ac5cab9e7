/**
 * The job queue as a table in the service's Postgres database.
 *
 * Why here rather than a queue library on Redis (BullMQ): the jobs live in the
 * database that holds the data they are about, so one backup and one restore
 * cover both and production needs no second stateful service to run and watch
 * (an enqueue is its own statement, not part of the use case's write); Postgres
 * already gives what the queue needs: `FOR UPDATE SKIP LOCKED` lets many workers
 * claim at once without waiting on each other or taking the same job, leases
 * (locked_until) hand back the jobs of a worker that died, and a partial unique
 * index keeps one unfinished job per key. The volume (uploads, webhook
 * deliveries, calendar syncs, bots) is far below what one table handles.
 *
 * Delivery is at least once, like the SQLite and memory queues: a job whose
 * lease runs out is claimed again as its next attempt.
 */
import * as O from 'fp-ts/lib/Option.js'
import type { ClaimedJob, JobQueue } from '../../src/core/ports/job-queue.js'
import { attempt, first, json, type Pool } from './database.js'

interface Row {
  id: string
  kind: string
  payload: unknown
  attempts: number
  max_attempts: number
}

const OPEN_KEY = "dedupe_key IS NOT NULL AND status IN ('queued', 'running')"

export const postgresJobQueue = (pool: Pool, newId: () => string): JobQueue => {
  const enqueue = async (kind: string, payload: unknown, key: string | null, runAt: number, maxAttempts: number) => {
    // The key's open job can finish between the insert and the look-up; then the next round inserts.
    for (let round = 0; round < 5; round++) {
      const id = newId()
      const inserted = await pool.query(
        `INSERT INTO jobs (id, kind, payload, dedupe_key, status, run_at, max_attempts, created_at)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7) ON CONFLICT (dedupe_key) WHERE ${OPEN_KEY} DO NOTHING`,
        [id, kind, json(payload), key, runAt, maxAttempts, Date.now()],
      )
      if (inserted.rowCount === 1) return { id, created: true }
      const open = await first<{ id: string }>(pool, `SELECT id FROM jobs WHERE dedupe_key = $1 AND status IN ('queued', 'running')`, [key])
      if (open !== undefined) return { id: open.id, created: false }
    }
    throw new Error(`the job key ${key} kept changing under concurrent enqueues`)
  }
  // Two narrow claims instead of one OR: each can walk its own partial index
  // (jobs_running, jobs_queued), where the OR made Postgres scan and sort the
  // whole backlog. Expired leases go first so a dead worker's job is never
  // starved by a long queue; there usually are none, and the look-up is cheap.
  const claimWhere = async (due: string, order: string, kinds: ReadonlyArray<string>, now: number, leaseMs: number) =>
    first<Row>(
      pool,
      `WITH next AS (
         SELECT id FROM jobs WHERE kind = ANY($1::text[]) AND ${due}
         ORDER BY ${order} LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1, locked_until = $3
       FROM next WHERE jobs.id = next.id
       RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts`,
      [kinds, now, now + leaseMs],
    )
  const claim = async (kinds: ReadonlyArray<string>, now: number, leaseMs: number): Promise<O.Option<ClaimedJob>> => {
    const row =
      (await claimWhere("status = 'running' AND locked_until <= $2", 'locked_until', kinds, now, leaseMs)) ??
      (await claimWhere("status = 'queued' AND run_at <= $2", 'run_at, seq', kinds, now, leaseMs))
    return row === undefined
      ? O.none
      : O.some({ id: row.id, kind: row.kind, payload: row.payload, attempt: row.attempts, maxAttempts: row.max_attempts })
  }
  const run = (text: string, values: unknown[]) =>
    attempt(async () => {
      await pool.query(text, values)
    })
  return {
    enqueue: (job) =>
      attempt(() => enqueue(job.kind, job.payload ?? null, job.key ?? null, (job.runAt ?? new Date(0)).getTime(), job.maxAttempts ?? 5)),
    claim: (kinds, now, leaseMs) => attempt(async () => (kinds.length === 0 ? O.none : claim(kinds, now.getTime(), leaseMs))),
    extend: (id, now, leaseMs) => run("UPDATE jobs SET locked_until = $2 WHERE id = $1 AND status = 'running'", [id, now.getTime() + leaseMs]),
    complete: (id) => run("UPDATE jobs SET status = 'done', locked_until = 0 WHERE id = $1", [id]),
    fail: (id, error, retryAt) =>
      retryAt === null
        ? run("UPDATE jobs SET status = 'dead', last_error = $2, locked_until = 0 WHERE id = $1", [id, error])
        : run("UPDATE jobs SET status = 'queued', run_at = $3, last_error = $2, locked_until = 0 WHERE id = $1", [id, error, retryAt.getTime()]),
    release: (id) =>
      run("UPDATE jobs SET status = 'queued', attempts = greatest(0, attempts - 1), locked_until = 0 WHERE id = $1 AND status = 'running'", [id]),
  }
}
