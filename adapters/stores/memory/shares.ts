import * as O from 'fp-ts/lib/Option.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { isUnfiltered, type RecordingFilter } from '../../../src/core/domain/recordings/recording-filter.js'
import { HIDDEN_STATES, type Run } from '../../../src/core/domain/recordings/run.js'
import type { Share } from '../../../src/core/domain/recordings/share.js'
import { conflict } from '../../../src/core/errors.js'
import type { StoreFailure } from '../../../src/core/errors.js'
import type { NotesEditStore } from '../../../src/core/ports/notes-edit-store.js'
import type { NotesStore, RunStore } from '../../../src/core/ports/recording-stores.js'
import type { ReachableRun, RecordingShareStore } from '../../../src/core/ports/share-store.js'
import { passes, searchRun } from './recording-search.js'

const newestFirst = (a: Run, b: Run) => b.startsAt.localeCompare(a.startsAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 }

/** Narrows (and with a search, tiers and orders) the visible runs, newest first. */
const applyFilter = (notes: NotesStore | undefined, edits: NotesEditStore | undefined, f: RecordingFilter, all: ReachableRun[]): TE.TaskEither<StoreFailure, ReachableRun[]> => {
  const kept = all.filter((r) => passes(f, r))
  if (f.search === null) return TE.right(kept)
  if (notes === undefined) return TE.right([])
  return pipe(
    kept,
    TE.traverseSeqArray((r) => TE.map(O.map(({ tier, match }: { tier: number; match: NonNullable<ReachableRun['match']> }) => ({ r: { ...r, match }, tier })))(searchRun(notes, edits, f, r))),
    TE.map((found) => found.flatMap((x) => (O.isSome(x) ? [x.value] : [])).sort((a, b) => b.tier - a.tier || newestFirst(a.r.run, b.r.run)).map((x) => x.r)),
  )
}

/**
 * Shares of one process; it reads runs through `runs`, the run store it is used
 * beside, and searches notes and transcripts through `notes` (without it, a
 * search finds nothing), the notes as people edited them through `edits`.
 */
export const memoryShareStore = (runs: RunStore, notes?: NotesStore, edits?: NotesEditStore): RecordingShareStore => {
  const shares = new Map<string, Share>()
  const ofRun = (ownerAccountId: string, runId: string) =>
    [...shares.values()].filter((s) => s.ownerAccountId === ownerAccountId && s.runId === runId).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
  const sharedRun = (share: Share) =>
    TE.map(O.match((): ReachableRun[] => [], (run: Run) => (HIDDEN_STATES.includes(run.state) ? [] : [{ run, share }])))(runs.find(share.ownerAccountId, share.runId))
  return {
    create: (share) => {
      if ([...shares.values()].some((s) => s.runId === share.runId && s.email === share.email)) return TE.left(conflict('The recording is shared with this email already'))
      shares.set(share.id, share)
      return TE.right(share)
    },
    listForRun: (ownerAccountId, runId) => TE.right(ofRun(ownerAccountId, runId)),
    remove: (ownerAccountId, runId, shareId) => {
      const share = shares.get(shareId)
      if (share === undefined || share.ownerAccountId !== ownerAccountId || share.runId !== runId) return TE.right(O.none)
      shares.delete(shareId)
      return TE.right(O.some(share))
    },
    removeForRun: (ownerAccountId, runId) =>
      TE.fromIO(() => {
        for (const s of ofRun(ownerAccountId, runId)) shares.delete(s.id)
      }),
    findForRecipient: (runId, email) => TE.right(O.fromNullable([...shares.values()].find((s) => s.runId === runId && s.email === email))),
    listVisible: (accountId, email, page, filter) =>
      pipe(
        TE.Do,
        TE.apS('own', runs.list(accountId, ALL)),
        TE.apS('shared', TE.traverseSeqArray(sharedRun)([...shares.values()].filter((s) => s.email === email && s.ownerAccountId !== accountId))),
        TE.map(({ own, shared }) => [...own.rows.map((run): ReachableRun => ({ run, share: null })), ...shared.flat()].sort((a, b) => newestFirst(a.run, b.run))),
        TE.flatMap((all) => (filter === undefined || isUnfiltered(filter) ? TE.right(all) : applyFilter(notes, edits, filter, all))),
        TE.map((all) => ({ rows: all.slice(page.offset, page.offset + page.limit), total: all.length, limit: page.limit, offset: page.offset })),
      ),
  }
}
