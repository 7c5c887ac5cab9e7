import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, Email, normaliseEmail } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import { canManageMembers } from '../domain/identity/organization-rights.js'
import type { Run } from '../domain/recordings/run.js'
import type { Scope, Share } from '../domain/recordings/share.js'
import { SHARE_LINK_LIFETIME_DAYS } from '../domain/recordings/share-invitation.js'
import { type AppError, conflict, invalidField, storeFailure } from '../errors.js'
import { type NoticeDelivery, type NotifyDeps, notify } from '../notifications/index.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { KeySecrets } from '../ports/key-secrets.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import type { ShareInvitationStore } from '../ports/share-invitation-store.js'
import { ownRun, type ReachDeps } from './recording-reach.js'

export interface ShareDeps extends ReachDeps, Omit<NotifyDeps, 'accounts'> {
  readonly clock: Clock
  readonly ids: Ids
  readonly keySecrets: KeySecrets
  readonly organizations: OrganizationStore
  readonly shareInvitations: ShareInvitationStore
}

/** A share as its owner gets it: the link to pass on, and whether it went by mail. */
export interface SentShare extends NoticeDelivery {
  readonly share: Share
  readonly link: string
}

const DAY_MS = 86_400_000

/**
 * Whether the sharer's link may make an account for an email that has none: the
 * people who may invite onto the server anyway (its administrators, and the
 * owners and admins of an organization). Anyone else's link works for people
 * who have an account, or get one another way.
 */
const mayInvite = (deps: ShareDeps, sharer: Account): TE.TaskEither<AppError, boolean> =>
  sharer.serverAdmin ? TE.right(true) : TE.map(O.exists((m: { role: 'owner' | 'admin' | 'member' }) => canManageMembers(m.role)))(deps.organizations.membershipOf(sharer.id))

const sharerOf = (deps: ShareDeps, actor: Actor): TE.TaskEither<AppError, Account> =>
  pipe(deps.accounts.findById(actor.accountId), TE.flatMap(TE.fromOption(() => storeFailure(new Error(`account ${actor.accountId} is missing`)))))

/** The one-time link for this share: bound to the email, it opens the recording (first making an account when there is none and the sharer may). */
const linkFor = (deps: ShareDeps, sharer: Account, share: Share, joinLink: (token: string) => string): TE.TaskEither<AppError, string> => {
  const now = deps.clock.now()
  const minted = deps.keySecrets.mint()
  return pipe(
    mayInvite(deps, sharer),
    TE.flatMap((mayCreateAccount) =>
      deps.shareInvitations.create({
        id: deps.ids.uuid(),
        email: share.email,
        runId: share.runId,
        invitedBy: sharer.id,
        mayCreateAccount,
        publicId: minted.publicId,
        hash: minted.hash,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SHARE_LINK_LIFETIME_DAYS * DAY_MS).toISOString(),
      }),
    ),
    TE.map(() => joinLink(minted.plaintext)),
  )
}

const told = (deps: ShareDeps, sharer: Account, run: Run, share: Share, link: string): TE.TaskEither<AppError, SentShare> =>
  TE.fromTask(async () => ({
    share,
    link,
    ...(await notify(deps)({ kind: 'recording-shared', to: share.email, runId: run.id, recordingTitle: run.title, sharedBy: sharer.name, link })()),
  }))

/**
 * The owner shares a recording with an email address, in or out of its
 * organization. The email need not belong to an account yet: the share reaches
 * whoever has (or later gets) it, and the answer is the same either way (the same
 * kind of link, mailed or not alike), so it tells nothing about which emails
 * have accounts. Once per email and recording.
 */
export const shareRecording =
  (deps: ShareDeps) =>
  (
    actor: Actor,
    runId: string,
    input: { readonly email: string; readonly scope: Scope; readonly joinLink: (token: string) => string },
  ): TE.TaskEither<AppError, SentShare> => {
    const email = normaliseEmail(input.email)
    if (!Email.is(email)) return TE.left(invalidField('email', 'email must be an email address'))
    return pipe(
      TE.Do,
      TE.bind('run', () => ownRun(deps, actor, runId)),
      TE.bind('sharer', () => sharerOf(deps, actor)),
      TE.filterOrElse(({ sharer }) => sharer.email !== email, (): AppError => invalidField('email', 'A recording cannot be shared with its owner')),
      TE.bind('share', ({ run }) =>
        pipe(
          deps.shares.create({ id: deps.ids.uuid(), runId: run.id, ownerAccountId: actor.accountId, email, scope: input.scope, createdAt: deps.clock.now().toISOString() }),
          TE.mapLeft((e) => (e._tag === 'Conflict' ? conflict(`This recording is shared with ${email} already; revoke that share to change its scope`) : e)),
        ),
      ),
      TE.bind('link', ({ sharer, share }) => linkFor(deps, sharer, share, input.joinLink)),
      TE.flatMap(({ run, sharer, share, link }) => told(deps, sharer, run, share, link)),
    )
  }
