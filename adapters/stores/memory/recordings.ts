import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PageQuery } from '../../../src/core/domain/page.js'
import { countsAgainstAllowance, HIDDEN_STATES, keepsCountingOnceDeleted, LIVE_BOT_STATES, PROCESSING_STATES, type Run } from '../../../src/core/domain/recordings/run.js'
import type { Upload } from '../../../src/core/domain/recordings/upload.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { conflict } from '../../../src/core/errors.js'
import type { NotesStore, RunStore, StoredNotes, UploadStore } from '../../../src/core/ports/recording-stores.js'

const pageOf = <A>(all: ReadonlyArray<A>, page: PageQuery) => ({
  rows: all.slice(page.offset, page.offset + page.limit),
  total: all.length,
  limit: page.limit,
  offset: page.offset,
})

const newestFirst = (a: { startsAt: string; createdAt: string; id: string }, b: typeof a) =>
  b.startsAt.localeCompare(a.startsAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

/** Runs that hold their meeting's start (see RunStore). */
const holdsStart = (r: Run) => r.state !== 'superseded' && r.state !== 'cancelled'

export const memoryRunStore = (): RunStore => {
  const runs = new Map<string, Run>()
  const mine = (accountId: string) => [...runs.values()].filter((r) => r.accountId === accountId)
  const liveOf = (accountId: string) => mine(accountId).find((r) => LIVE_BOT_STATES.includes(r.state))
  /** Deleted runs that keep counting: their account and creation time only. */
  const tombstones: Array<{ readonly accountId: string; readonly createdAt: string }> = []
  const counted = (accountId: string, since: string) =>
    mine(accountId).filter((r) => r.createdAt >= since && countsAgainstAllowance(r)).length +
    tombstones.filter((t) => t.accountId === accountId && t.createdAt >= since).length
  return {
    create: (run, rules = {}) => {
      const live = LIVE_BOT_STATES.includes(run.state) ? liveOf(run.accountId) : undefined
      if (live !== undefined) return TE.left({ _tag: 'LiveBotExists', runId: live.id, reference: live.reference })
      const twin = run.meetingId === null || !holdsStart(run) ? undefined : [...runs.values()].find((r) => r.meetingId === run.meetingId && r.startsAt === run.startsAt && holdsStart(r))
      if (twin !== undefined) return TE.left({ _tag: 'MeetingRunExists', runId: twin.id })
      if (rules.allowance !== undefined) {
        const used = counted(run.accountId, rules.allowance.since)
        if (used >= rules.allowance.cap) return TE.left({ _tag: 'AllowanceSpent', used })
      }
      runs.set(run.id, run)
      return TE.right(run)
    },
    findLive: (accountId) => TE.right(O.fromNullable(liveOf(accountId))),
    find: (accountId, runId) => TE.right(O.fromNullable([runs.get(runId)].find((r) => r?.accountId === accountId))),
    rename: (accountId, runId, title) =>
      TE.fromIO(() => {
        const current = runs.get(runId)
        if (current === undefined || current.accountId !== accountId) return O.none
        const renamed = { ...current, title }
        runs.set(runId, renamed)
        return O.some(renamed)
      }),
    update: (run, expected) => {
      const current = runs.get(run.id)
      if (current === undefined || current.accountId !== run.accountId || !expected.includes(current.state)) {
        return TE.left(conflict(`The recording changed meanwhile (it is ${current?.state ?? 'gone'})`))
      }
      const live = liveOf(run.accountId)
      if (LIVE_BOT_STATES.includes(run.state) && live !== undefined && live.id !== run.id) {
        return TE.left(conflict(`Another bot is live (${live.reference})`))
      }
      // the title stays as stored: only rename changes it
      const stored = { ...run, title: current.title, leaveRequestedAt: current.leaveRequestedAt ?? run.leaveRequestedAt }
      runs.set(run.id, stored)
      return TE.right(stored)
    },
    setProgress: (accountId, runId, state, progress) =>
      TE.fromIO(() => {
        const current = runs.get(runId)
        if (current === undefined || current.accountId !== accountId || current.state !== state) return false
        runs.set(runId, { ...current, progress })
        return true
      }),
    requestLeave: (accountId, runId, at) => {
      const current = runs.get(runId)
      if (current === undefined || current.accountId !== accountId || !LIVE_BOT_STATES.includes(current.state)) return TE.right(O.none)
      const marked = { ...current, leaveRequestedAt: current.leaveRequestedAt ?? at }
      runs.set(runId, marked)
      return TE.right(O.some(marked))
    },
    list: (accountId, page) => TE.right(pageOf(mine(accountId).filter((r) => !HIDDEN_STATES.includes(r.state)).sort(newestFirst), page)),
    currentForMeetings: (accountId, meetingIds) => {
      const wanted = new Set(meetingIds)
      const current = new Map<string, Run>()
      for (const r of mine(accountId)) {
        if (r.meetingId === null || !wanted.has(r.meetingId) || HIDDEN_STATES.includes(r.state)) continue
        const seen = current.get(r.meetingId)
        if (seen === undefined || r.createdAt > seen.createdAt) current.set(r.meetingId, r)
      }
      return TE.right(current)
    },
    countSince: (accountId, since) => TE.right(counted(accountId, since)),
    remove: (accountId, runId) =>
      TE.fromIO(() => {
        const run = runs.get(runId)
        if (run === undefined || run.accountId !== accountId) return false
        if (keepsCountingOnceDeleted(run)) tombstones.push({ accountId, createdAt: run.createdAt })
        return runs.delete(runId)
      }),
    endedBefore: (accountId, before, { states, withAudio, limit }) =>
      TE.right(
        mine(accountId)
          .filter((r) => states.includes(r.state) && (r.endedAt ?? r.startsAt) < before && (!withAudio || r.audio !== null))
          .sort((a, b) => (a.endedAt ?? a.startsAt).localeCompare(b.endedAt ?? b.startsAt) || a.id.localeCompare(b.id))
          .slice(0, limit),
      ),
    queuedBots: (limit) =>
      TE.right(
        [...runs.values()]
          .filter((r) => r.state === 'queued')
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
          .slice(0, limit)
          .map((r) => ({ id: r.id, accountId: r.accountId })),
      ),
    inProcessing: (limit) =>
      TE.right(
        [...runs.values()]
          .filter((r) => PROCESSING_STATES.includes(r.state))
          .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
          .slice(0, limit)
          .map((r) => ({ id: r.id, accountId: r.accountId })),
      ),
  }
}

export const memoryUploadStore = (): UploadStore => {
  const uploads = new Map<string, Upload>()
  const mine = (accountId: string) => [...uploads.values()].filter((u) => u.accountId === accountId)
  return {
    create: (upload) => {
      uploads.set(upload.id, upload)
      return TE.right(upload)
    },
    find: (accountId, id) => TE.right(O.fromNullable([uploads.get(id)].find((u) => u?.accountId === accountId))),
    findByRun: (accountId, runId) => TE.right(O.fromNullable(mine(accountId).find((u) => u.runId === runId))),
    update: (upload) => {
      uploads.set(upload.id, upload)
      return TE.right(upload)
    },
    removeByRun: (accountId, runId) =>
      TE.fromIO(() => {
        for (const u of mine(accountId)) if (u.runId === runId) uploads.delete(u.id)
      }),
    list: (accountId, page) =>
      TE.right(pageOf(mine(accountId).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)), page)),
  }
}

export const memoryNotesStore = (): NotesStore => {
  const notes = new Map<string, { notes: StoredNotes | null; utterances: ReadonlyArray<Utterance> }>()
  return {
    replace: (runId, n, utterances) => {
      notes.set(runId, { notes: n, utterances: [...utterances] })
      return TE.right(undefined)
    },
    find: (runId) => TE.right(O.fromNullable(notes.get(runId)?.notes)),
    // nothing to write: the memory search reads the notes and their edits at each search (./recording-search.ts)
    reindex: () => TE.right(undefined),
    remove: (runId) =>
      TE.fromIO(() => {
        notes.delete(runId)
      }),
    transcript: (runId, page) => TE.right(pageOf(notes.get(runId)?.utterances ?? [], page)),
  }
}
