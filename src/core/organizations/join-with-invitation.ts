import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, DEFAULT_PLAN_KEY, type Organization, type Plan } from '../domain/identity/account.js'
import { type Invite, isExpired, type Role } from '../domain/identity/organization.js'
import { NO_KEY_ID } from '../domain/identity/session.js'
import type { ShareInvitation } from '../domain/recordings/share-invitation.js'
import { type AppError, conflict, forbidden, invalidField } from '../errors.js'
import { checkPassword, countAttempt, createAccount, openSession, type SetPasswordDeps, type SignedIn, type SignInDeps } from '../identity/index.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import type { ShareInvitationStore } from '../ports/share-invitation-store.js'

export interface JoinDeps extends SignInDeps, SetPasswordDeps {
  readonly organizations: OrganizationStore
  readonly shareInvitations: ShareInvitationStore
  readonly plans: ReadonlyArray<Plan>
  /** The plan of accounts made by joining (`NOTETAKER_DEFAULT_PLAN`); `self-hosted` when absent. */
  readonly defaultPlanKey?: string
}

/** Unknown, used, revoked and expired links get this one answer. */
export const LINK_NOT_VALID: AppError = {
  _tag: 'NotFound',
  message: 'This link is not valid any more: it was used, revoked or has expired; ask whoever sent it for a new one',
}
const HAS_ACCOUNT = 'An account with this email exists already: sign in with it, then open the link again'

type Invitation =
  | { readonly kind: 'organization'; readonly invite: Invite; readonly organization: Organization }
  | { readonly kind: 'share'; readonly invitation: ShareInvitation }

/** What the link's holder is shown before joining. */
export interface InvitationView {
  readonly kind: 'organization' | 'share'
  readonly email: string
  readonly organizationName: string | null
  readonly role: Role | null
  readonly invitedBy: string | null
  readonly runId: string | null
  /** Whether the email has an account (then the holder signs in instead of setting a password). */
  readonly accountExists: boolean
  /** Whether the link may make an account for the email. */
  readonly mayCreateAccount: boolean
  readonly expiresAt: string
}

export interface Joined extends SignedIn {
  readonly kind: 'organization' | 'share'
  readonly runId: string | null
}

type Step<A> = Promise<E.Either<AppError, A>>

/** The live invitation a token names: an organization's invite or a share's link, its hash matching and not expired. */
const findInvitation = async (deps: JoinDeps, token: string): Step<Invitation> => {
  const publicId = deps.keySecrets.publicIdOf(token)
  if (O.isNone(publicId)) return E.left(LINK_NOT_VALID)
  const now = deps.clock.now()
  const invite = await deps.organizations.findInviteByPublicId(publicId.value)()
  if (E.isLeft(invite)) return invite
  if (O.isSome(invite.right)) {
    const i = invite.right.value
    if (!deps.keySecrets.matches(token, i.hash) || isExpired(i, now)) return E.left(LINK_NOT_VALID)
    const organization = await deps.organizations.findById(i.organizationId)()
    if (E.isLeft(organization)) return organization
    return O.isNone(organization.right) ? E.left(LINK_NOT_VALID) : E.right({ kind: 'organization', invite: i, organization: organization.right.value })
  }
  const shared = await deps.shareInvitations.findByPublicId(publicId.value)()
  if (E.isLeft(shared)) return shared
  if (O.isNone(shared.right)) return E.left(LINK_NOT_VALID)
  const s = shared.right.value
  return deps.keySecrets.matches(token, s.hash) && !isExpired(s, now) ? E.right({ kind: 'share', invitation: s }) : E.left(LINK_NOT_VALID)
}

/** Guessing tokens counts against the same per-address limit as signing in. */
const counted = async (deps: JoinDeps, client: string, token: string): Step<Invitation> => {
  const limited = await countAttempt(deps.signInLimits.byAddress, client, deps.clock.now())
  return E.isLeft(limited) ? limited : findInvitation(deps, token)
}

const emailOf = (i: Invitation): string => (i.kind === 'organization' ? i.invite.email : i.invitation.email)

const nameOf = async (deps: JoinDeps, accountId: string | null): Step<string | null> => {
  if (accountId === null) return E.right(null)
  const found = await deps.accounts.findById(accountId)()
  return E.isLeft(found) ? found : E.right(O.isSome(found.right) ? found.right.value.name : null)
}

/** `POST /invites/lookup`: what an invite or share link is, for its holder only. */
export const lookupInvitation =
  (deps: JoinDeps) =>
  (input: { readonly token: string; readonly client: string }): TE.TaskEither<AppError, InvitationView> =>
  async () => {
    const found = await counted(deps, input.client, input.token)
    if (E.isLeft(found)) return found
    const i = found.right
    const existing = await deps.accounts.findByEmail(emailOf(i))()
    if (E.isLeft(existing)) return existing
    const inviter = await nameOf(deps, i.kind === 'organization' ? i.invite.invitedBy : i.invitation.invitedBy)
    if (E.isLeft(inviter)) return inviter
    const common = { email: emailOf(i), invitedBy: inviter.right, accountExists: O.isSome(existing.right) }
    return E.right(
      i.kind === 'organization'
        ? { ...common, kind: 'organization', organizationName: i.organization.name, role: i.invite.role, runId: null, mayCreateAccount: true, expiresAt: i.invite.expiresAt }
        : { ...common, kind: 'share', organizationName: null, role: null, runId: i.invitation.runId, mayCreateAccount: i.invitation.mayCreateAccount, expiresAt: i.invitation.expiresAt },
    )
  }

const checkName = (name: string): AppError | null => {
  const trimmed = name.trim()
  if (trimmed === '') return invalidField('name', 'Enter your name')
  return [...trimmed].length > 200 ? invalidField('name', 'The name must be at most 200 characters') : null
}

/** Uses the invitation up for the new account: joins the organization, or spends the share's link. */
const useUp = async (deps: JoinDeps, i: Invitation, account: Account): Step<void> => {
  if (i.kind === 'share') {
    const used = await deps.shareInvitations.use(i.invitation.id)()
    if (E.isLeft(used)) return used
    return used.right ? E.right(undefined) : E.left(LINK_NOT_VALID)
  }
  const membership = { organizationId: i.organization.id, accountId: account.id, role: i.invite.role, joinedAt: deps.clock.now().toISOString() }
  const accepted = await deps.organizations.acceptInvite(i.invite.id, membership)()
  if (E.isLeft(accepted)) return accepted
  return accepted.right.kind === 'accepted' ? E.right(undefined) : E.left(LINK_NOT_VALID)
}

/**
 * `POST /invites/join`: someone with no account opens an invite or share link,
 * gives a name and a password, and is signed in to a new account on the
 * server's default plan: in the organization with the invited role, or able to
 * read the recording shared with its email. An email with an account signs in
 * and accepts instead (409 says so).
 */
export const joinWithInvitation =
  (deps: JoinDeps) =>
  (input: { readonly token: string; readonly name: string; readonly password: string; readonly client: string }): TE.TaskEither<AppError, Joined> =>
  async () => {
    const found = await counted(deps, input.client, input.token)
    if (E.isLeft(found)) return found
    const i = found.right
    if (i.kind === 'share' && !i.invitation.mayCreateAccount) {
      return E.left(forbidden('This link opens the recording for an existing account only; ask the server\'s administrator for an account'))
    }
    const problem = checkName(input.name) ?? checkPassword(input.password)
    if (problem !== null) return E.left(problem)
    const existing = await deps.accounts.findByEmail(emailOf(i))()
    if (E.isLeft(existing)) return existing
    if (O.isSome(existing.right)) return E.left(conflict(HAS_ACCOUNT))
    const planKey = deps.defaultPlanKey ?? DEFAULT_PLAN_KEY
    const created = await createAccount(deps)({ name: input.name, email: emailOf(i), planKey, organizationName: null })()
    if (E.isLeft(created)) return created.left._tag === 'Conflict' ? E.left(conflict(HAS_ACCOUNT)) : created
    const account = created.right
    const hash = await deps.passwordHasher.hash(input.password)()
    if (E.isLeft(hash)) return hash
    const set = await deps.passwords.set(account.id, hash.right, deps.clock.now().toISOString())()
    if (E.isLeft(set)) return set
    const used = await useUp(deps, i, account)
    if (E.isLeft(used)) return used
    const actor = {
      accountId: account.id,
      keyId: NO_KEY_ID,
      access: 'full' as const,
      organizationWide: i.kind === 'organization',
      organizationId: i.kind === 'organization' ? i.organization.id : null,
    }
    const signedIn = await openSession(deps)(actor, null)()
    if (E.isLeft(signedIn)) return signedIn
    return E.right({ ...signedIn.right, kind: i.kind, runId: i.kind === 'share' ? i.invitation.runId : null })
  }
