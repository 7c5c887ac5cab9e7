import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ClaimedJob, JobQueue } from '../../../src/core/ports/job-queue.js'

export interface QueuedJob {
  readonly id: string
  readonly kind: string
  readonly payload: unknown
  readonly key: string | null
  readonly maxAttempts: number
  readonly group: string | null
  runAt: number
  attempts: number
  status: 'queued' | 'running' | 'done' | 'dead'
  lockedUntil: number
  lastError: string | null
}

/** The groups with `cap` or more running jobs whose lease has not run out. */
const groupsAtCap = (jobs: ReadonlyArray<QueuedJob>, now: number, cap: number | undefined): ReadonlySet<string> => {
  if (cap === undefined) return new Set()
  const running = new Map<string, number>()
  for (const j of jobs) if (j.group !== null && j.status === 'running' && j.lockedUntil > now) running.set(j.group, (running.get(j.group) ?? 0) + 1)
  return new Set([...running].filter(([, n]) => n >= cap).map(([g]) => g))
}

/** The queue of one process, kept in memory (tests, `NOTETAKER_STORE=memory`). */
export const memoryJobQueue = (newId: () => string): JobQueue & { readonly entries: () => ReadonlyArray<QueuedJob> } => {
  const jobs: QueuedJob[] = []
  const isDue = (j: QueuedJob, now: number) =>
    (j.status === 'queued' && j.runAt <= now) || (j.status === 'running' && j.lockedUntil <= now)
  return {
    entries: () => jobs,
    enqueue: (job) => {
      const existing = job.key === undefined ? undefined : jobs.find((j) => j.key === job.key && (j.status === 'queued' || j.status === 'running'))
      if (existing !== undefined) return TE.right({ id: existing.id, created: false })
      const entry: QueuedJob = {
        id: newId(),
        kind: job.kind,
        payload: job.payload,
        key: job.key ?? null,
        maxAttempts: job.maxAttempts ?? 5,
        group: job.group ?? null,
        runAt: (job.runAt ?? new Date(0)).getTime(),
        attempts: 0,
        status: 'queued',
        lockedUntil: 0,
        lastError: null,
      }
      jobs.push(entry)
      return TE.right({ id: entry.id, created: true })
    },
    claim: (kinds, now, leaseMs, options) => {
      const t = now.getTime()
      const atCap = groupsAtCap(jobs, t, options?.maxRunningPerGroup)
      // A dead worker's job (lease ran out) goes before the queued ones, as in the SQL queues.
      const takenFirst = (j: QueuedJob) => (j.status === 'running' ? 0 : 1)
      const due = jobs.filter((j) => kinds.includes(j.kind) && isDue(j, t) && (j.group === null || !atCap.has(j.group))).sort((a, b) => takenFirst(a) - takenFirst(b) || a.runAt - b.runAt)[0]
      if (due === undefined) return TE.right(O.none)
      due.status = 'running'
      due.attempts += 1
      due.lockedUntil = t + leaseMs
      const claimed: ClaimedJob = { id: due.id, kind: due.kind, payload: due.payload, attempt: due.attempts, maxAttempts: due.maxAttempts }
      return TE.right(O.some(claimed))
    },
    extend: (id, now, leaseMs) => {
      const j = jobs.find((x) => x.id === id)
      if (j !== undefined && j.status === 'running') j.lockedUntil = now.getTime() + leaseMs
      return TE.right(undefined)
    },
    complete: (id) => {
      const j = jobs.find((x) => x.id === id)
      if (j !== undefined) j.status = 'done'
      return TE.right(undefined)
    },
    fail: (id, error, retryAt) => {
      const j = jobs.find((x) => x.id === id)
      if (j !== undefined) {
        j.lastError = error
        if (retryAt === null) j.status = 'dead'
        else {
          j.status = 'queued'
          j.runAt = retryAt.getTime()
        }
      }
      return TE.right(undefined)
    },
    release: (id) => {
      const j = jobs.find((x) => x.id === id)
      if (j !== undefined && j.status === 'running') {
        j.status = 'queued'
        j.attempts = Math.max(0, j.attempts - 1)
      }
      return TE.right(undefined)
    },
  }
}
