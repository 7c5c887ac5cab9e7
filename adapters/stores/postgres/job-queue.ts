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
import type { ClaimedJob, JobQueue } from '../../../src/core/ports/job-queue.js'
import { attempt, first, inTransaction, json, LOCKS, type Pool, type Queryable } from './database.js'
import { donePruner, type DoneJobsOptions } from '../shared/done-jobs.js'

interface Row {
  id: string
  kind: string
  payload: unknown
  attempts: number
  max_attempts: number
}

const GROUPS_AT_CAP = "SELECT grp FROM jobs WHERE status = 'running' AND grp IS NOT NULL AND locked_until > $2 GROUP BY grp HAVING count(*) >= $4"
const OPEN_KEY = "dedupe_key IS NOT NULL AND status IN ('queued', 'running')"

export const postgresJobQueue = (pool: Pool, newId: () => string, options: DoneJobsOptions = {}): JobQueue => {
  const pruneDone = donePruner((before) => pool.query("DELETE FROM jobs WHERE status = 'done' AND run_at < $1", [before]), options)
  const enqueue = async (kind: string, payload: unknown, key: string | null, runAt: number, maxAttempts: number, group: string | null) => {
    // The key's open job can finish between the insert and the look-up; then the next round inserts.
    for (let round = 0; round < 5; round++) {
      const id = newId()
      const inserted = await pool.query(
        `INSERT INTO jobs (id, kind, payload, dedupe_key, status, run_at, max_attempts, created_at, grp)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8) ON CONFLICT (dedupe_key) WHERE ${OPEN_KEY} DO NOTHING`,
        [id, kind, json(payload), key, runAt, maxAttempts, Date.now(), group],
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
  // With a per-group cap ($4), the jobs of groups with that many unexpired running jobs are skipped.
  const claimWhere = async (db: Queryable, due: string, order: string, kinds: ReadonlyArray<string>, now: number, leaseMs: number, cap: number | undefined) =>
    first<Row>(
      db,
      `WITH next AS (
         SELECT id FROM jobs WHERE kind = ANY($1::text[]) AND ${due}
         ${cap === undefined ? '' : `AND (grp IS NULL OR grp NOT IN (${GROUPS_AT_CAP}))`}
         ORDER BY ${order} LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1, locked_until = $3
       FROM next WHERE jobs.id = next.id
       RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts`,
      cap === undefined ? [kinds, now, now + leaseMs] : [kinds, now, now + leaseMs, cap],
    )
  const claimFrom = async (db: Queryable, kinds: ReadonlyArray<string>, now: number, leaseMs: number, cap: number | undefined) =>
    (await claimWhere(db, "status = 'running' AND locked_until <= $2", 'locked_until', kinds, now, leaseMs, cap)) ??
    (await claimWhere(db, "status = 'queued' AND run_at <= $2", 'run_at, seq', kinds, now, leaseMs, cap))
  const claim = async (kinds: ReadonlyArray<string>, now: number, leaseMs: number, cap: number | undefined): Promise<O.Option<ClaimedJob>> => {
    // SKIP LOCKED alone keeps two claims off the same job, not off the same group: two processes
    // could each see a group below its cap and both take one of its jobs. Capped claims therefore
    // take turns on one advisory lock; each statement then sees the claims committed before it.
    // They are a few milliseconds each, and uncapped claims (other workers) never wait for them.
    const row =
      cap === undefined
        ? await claimFrom(pool, kinds, now, leaseMs, cap)
        : await inTransaction(pool, async (client) => {
            await client.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCKS.cappedJobClaims])
            return claimFrom(client, kinds, now, leaseMs, cap)
          })
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
      attempt(() => enqueue(job.kind, job.payload ?? null, job.key ?? null, (job.runAt ?? new Date(0)).getTime(), job.maxAttempts ?? 5, job.group ?? null)),
    claim: (kinds, now, leaseMs, options) =>
      attempt(async () => (kinds.length === 0 ? O.none : claim(kinds, now.getTime(), leaseMs, options?.maxRunningPerGroup))),
    extend: (id, now, leaseMs) => run("UPDATE jobs SET locked_until = $2 WHERE id = $1 AND status = 'running'", [id, now.getTime() + leaseMs]),
    complete: (id) =>
      attempt(async () => {
        const now = Date.now()
        await pool.query("UPDATE jobs SET status = 'done', locked_until = 0, run_at = $2 WHERE id = $1", [id, now])
        // Old finished jobs go another time if this fails: the job itself is done.
        await Promise.resolve(pruneDone(now)).catch(() => undefined)
      }),
    fail: (id, error, retryAt) =>
      retryAt === null
        ? run("UPDATE jobs SET status = 'dead', last_error = $2, locked_until = 0 WHERE id = $1", [id, error])
        : run("UPDATE jobs SET status = 'queued', run_at = $3, last_error = $2, locked_until = 0 WHERE id = $1", [id, error, retryAt.getTime()]),
    release: (id) =>
      run("UPDATE jobs SET status = 'queued', attempts = greatest(0, attempts - 1), locked_until = 0 WHERE id = $1 AND status = 'running'", [id]),
  }
}
