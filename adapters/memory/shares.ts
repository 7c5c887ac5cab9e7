import * as O from 'fp-ts/lib/Option.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { HIDDEN_STATES, type Run } from '../../src/core/domain/run.js'
import type { Share } from '../../src/core/domain/share.js'
import { conflict } from '../../src/core/errors.js'
import type { RunStore } from '../../src/core/ports/recording-stores.js'
import type { ReachableRun, RecordingShareStore } from '../../src/core/ports/share-store.js'

const newestFirst = (a: Run, b: Run) => b.startsAt.localeCompare(a.startsAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 }

/** Shares of one process; it reads runs through `runs`, the run store it is used beside. */
export const memoryShareStore = (runs: RunStore): RecordingShareStore => {
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
    findForRecipient: (runId, email) => TE.right(O.fromNullable([...shares.values()].find((s) => s.runId === runId && s.email === email))),
    listVisible: (accountId, email, page) =>
      pipe(
        TE.Do,
        TE.apS('own', runs.list(accountId, ALL)),
        TE.apS('shared', TE.traverseSeqArray(sharedRun)([...shares.values()].filter((s) => s.email === email && s.ownerAccountId !== accountId))),
        TE.map(({ own, shared }) => {
          const all = [...own.rows.map((run): ReachableRun => ({ run, share: null })), ...shared.flat()].sort((a, b) => newestFirst(a.run, b.run))
          return { rows: all.slice(page.offset, page.offset + page.limit), total: all.length, limit: page.limit, offset: page.offset }
        }),
      ),
  }
}
