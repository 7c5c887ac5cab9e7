import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Page } from '../domain/page.js'
import { HIDDEN_STATES, type Run } from '../domain/recordings/run.js'
import type { Share, Sharer, VisibleRun } from '../domain/recordings/share.js'
import { type AppError, notFound, storeFailure } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { ReachableRun, RecordingShareStore } from '../ports/share-store.js'

export interface ReachDeps {
  readonly runs: RunStore
  readonly shares: RecordingShareStore
  readonly accounts: AccountStore
}

const listed = (run: Run) => !HIDDEN_STATES.includes(run.state)

// Accounts are never deleted, so an account a key or a share points at always exists.
const accountOf = (deps: Pick<ReachDeps, 'accounts'>, id: string): TE.TaskEither<AppError, Account> =>
  pipe(deps.accounts.findById(id), TE.flatMap(TE.fromOption(() => storeFailure(new Error(`account ${id} is missing`)))))

/** The email shares reach the caller by. */
export const emailOf = (deps: Pick<ReachDeps, 'accounts'>, actor: Actor): TE.TaskEither<AppError, string> =>
  TE.map((a: Account) => a.email)(accountOf(deps, actor.accountId))

const sharerOf = (a: Account): Sharer => ({ id: a.id, name: a.name, email: a.email })

const withShare = (deps: ReachDeps, run: Run, share: Share): TE.TaskEither<AppError, VisibleRun> =>
  TE.map((owner: Account): VisibleRun => ({ ...run, sharedAccess: { scope: share.scope, sharedBy: sharerOf(owner) } }))(
    accountOf(deps, share.ownerAccountId),
  )

/** The caller's own listed run; a run only shared with the caller is not its own (NotFound). */
export const ownRun = (deps: Pick<ReachDeps, 'runs'>, actor: Actor, runId: string): TE.TaskEither<AppError, Run> =>
  pipe(
    deps.runs.find(actor.accountId, runId),
    TE.flatMap(TE.fromOption(() => notFound('Recording'))),
    TE.filterOrElse(listed, () => notFound('Recording')),
  )

const sharedRun = (deps: ReachDeps, actor: Actor, runId: string): TE.TaskEither<AppError, VisibleRun> =>
  pipe(
    emailOf(deps, actor),
    TE.flatMap((email) => deps.shares.findForRecipient(runId, email)),
    TE.flatMap(TE.fromOption(() => notFound('Recording'))),
    TE.flatMap((share) =>
      pipe(
        deps.runs.find(share.ownerAccountId, runId),
        TE.flatMap(TE.fromOption(() => notFound('Recording'))),
        TE.flatMap((run) => withShare(deps, run, share)),
      ),
    ),
  )

/**
 * A listed run the caller owns, or one shared with its account's email (read
 * afresh on every call, so a revoked share stops at once); NotFound otherwise.
 */
export const reachRun = (deps: ReachDeps, actor: Actor, runId: string): TE.TaskEither<AppError, VisibleRun> =>
  pipe(
    deps.runs.find(actor.accountId, runId),
    TE.flatMap(O.match(() => sharedRun(deps, actor, runId), (run): TE.TaskEither<AppError, VisibleRun> => TE.right({ ...run, sharedAccess: null }))),
    TE.filterOrElse(listed, () => notFound('Recording')),
  )

/** A page of the store's reachable runs with each share's owner filled in. */
export const visiblePage = (deps: ReachDeps, page: Page<ReachableRun>): TE.TaskEither<AppError, Page<VisibleRun>> =>
  pipe(
    [...new Set(page.rows.flatMap((r) => (r.share === null ? [] : [r.share.ownerAccountId])))],
    TE.traverseSeqArray((id) => accountOf(deps, id)),
    TE.map((owners) => {
      const byId = new Map(owners.map((o) => [o.id, sharerOf(o)]))
      const rows = page.rows.map(({ run, share }): VisibleRun =>
        share === null ? { ...run, sharedAccess: null } : { ...run, sharedAccess: { scope: share.scope, sharedBy: byId.get(share.ownerAccountId)! } },
      )
      return { ...page, rows }
    }),
  )
