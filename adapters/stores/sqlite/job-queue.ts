import * as O from 'fp-ts/lib/Option.js'
import type { ClaimedJob, JobQueue } from '../../../src/core/ports/job-queue.js'
import { attempt, type Db } from './database.js'
import { donePruner, type DoneJobsOptions } from '../shared/done-jobs.js'

interface Row {
  id: string
  kind: string
  payload: string
  attempts: number
  max_attempts: number
}

const GROUPS_AT_CAP = "SELECT grp FROM jobs WHERE status = 'running' AND grp IS NOT NULL AND locked_until > @now GROUP BY grp HAVING count(*) >= @cap"

/** A job table in the service's SQLite file: jobs survive a restart, and a job whose worker died is taken again when its lease ends. */
export const sqliteJobQueue = (db: Db, newId: () => string, options: DoneJobsOptions = {}): JobQueue => {
  const openByKey = db.prepare<[string], { id: string }>("SELECT id FROM jobs WHERE dedupe_key = ? AND status IN ('queued', 'running')")
  const insert = db.prepare(
    "INSERT INTO jobs (id, kind, payload, dedupe_key, status, run_at, max_attempts, created_at, grp) VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?)",
  )
  const enqueue = db.transaction((id: string, kind: string, payload: string, key: string | null, runAt: number, max: number, group: string | null) => {
    const existing = key === null ? undefined : openByKey.get(key)
    if (existing !== undefined) return { id: existing.id, created: false }
    insert.run(id, kind, payload, key, runAt, max, Date.now(), group)
    return { id, created: true }
  })
  // Expired leases first, then due queued jobs: two look-ups that each walk the
  // (status, run_at) index, where one OR of both sorted the whole backlog.
  const claimStatements = new Map<string, ReturnType<typeof db.prepare<unknown[], Row>>>()
  // With a per-group cap, the groups at it are found once (running jobs are few) and their jobs skipped.
  const dueStatement = (which: 'expired' | 'queued', kindCount: number, capped: boolean) => {
    const cacheKey = `${which}:${kindCount}:${capped}`
    let s = claimStatements.get(cacheKey)
    if (s === undefined) {
      const marks = Array.from({ length: kindCount }, () => '?').join(', ')
      const due = which === 'expired' ? "status = 'running' AND locked_until <= @now" : "status = 'queued' AND run_at <= @now"
      const order = which === 'expired' ? 'locked_until' : 'run_at, rowid'
      const fair = capped ? `AND (grp IS NULL OR grp NOT IN (${GROUPS_AT_CAP}))` : ''
      s = db.prepare<unknown[], Row>(
        `SELECT id, kind, payload, attempts, max_attempts FROM jobs WHERE ${due} AND kind IN (${marks}) ${fair} ORDER BY ${order} LIMIT 1`,
      )
      claimStatements.set(cacheKey, s)
    }
    return s
  }
  const take = db.prepare("UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ? WHERE id = ?")
  const claim = db.transaction((kinds: ReadonlyArray<string>, now: number, leaseMs: number, cap: number | undefined): O.Option<ClaimedJob> => {
    const named = cap === undefined ? { now } : { now, cap }
    const row =
      dueStatement('expired', kinds.length, cap !== undefined).get(named, ...kinds) ??
      dueStatement('queued', kinds.length, cap !== undefined).get(named, ...kinds)
    if (row === undefined) return O.none
    take.run(now + leaseMs, row.id)
    return O.some({ id: row.id, kind: row.kind, payload: JSON.parse(row.payload), attempt: row.attempts + 1, maxAttempts: row.max_attempts })
  })
  const complete = db.prepare("UPDATE jobs SET status = 'done', locked_until = 0, run_at = ? WHERE id = ?")
  const deleteDone = db.prepare("DELETE FROM jobs WHERE status = 'done' AND run_at < ?")
  const pruneDone = donePruner((before) => deleteDone.run(before), options)
  const extend = db.prepare("UPDATE jobs SET locked_until = ? WHERE id = ? AND status = 'running'")
  const retry = db.prepare("UPDATE jobs SET status = 'queued', run_at = ?, last_error = ?, locked_until = 0 WHERE id = ?")
  const bury = db.prepare("UPDATE jobs SET status = 'dead', last_error = ?, locked_until = 0 WHERE id = ?")
  const release = db.prepare("UPDATE jobs SET status = 'queued', attempts = max(0, attempts - 1), locked_until = 0 WHERE id = ? AND status = 'running'")
  return {
    enqueue: (job) =>
      attempt(() =>
        enqueue.immediate(
          newId(),
          job.kind,
          JSON.stringify(job.payload ?? null),
          job.key ?? null,
          (job.runAt ?? new Date(0)).getTime(),
          job.maxAttempts ?? 5,
          job.group ?? null,
        ),
      ),
    // IMMEDIATE: the write lock is taken first, so a claim in another process counts the groups after this one.
    claim: (kinds, now, leaseMs, options) =>
      attempt(() => (kinds.length === 0 ? O.none : claim.immediate(kinds, now.getTime(), leaseMs, options?.maxRunningPerGroup))),
    extend: (id, now, leaseMs) => attempt(() => void extend.run(now.getTime() + leaseMs, id)),
    complete: (id) =>
      attempt(() => {
        const now = Date.now()
        complete.run(now, id)
        try {
          pruneDone(now)
        } catch {
          // Old finished jobs go another time (the database was busy): the job itself is done.
        }
      }),
    fail: (id, error, retryAt) => attempt(() => void (retryAt === null ? bury.run(error, id) : retry.run(retryAt.getTime(), error, id))),
    release: (id) => attempt(() => void release.run(id)),
  }
}
