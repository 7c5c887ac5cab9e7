/** Identity and keys: accounts, API keys, passwords and sessions, and who a presented key or session is. */
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AuthenticateDeps, authenticate } from './authenticate.js'
import { type Authenticated, authenticateSession } from './sessions/authenticate-session.js'
import { sessionView } from './sessions/session-view.js'
import { type SetPasswordDeps, setPassword } from './sessions/set-password.js'
import { type SignInDeps, signIn } from './sessions/sign-in.js'
import { signOut } from './sessions/sign-out.js'
import { type CreateAccountDeps, createAccount } from './accounts/create-account.js'
import { findAccount } from './accounts/find-account.js'
import { type GetIdentityDeps, getIdentity } from './get-identity.js'
import { type IssueApiKeyDeps, issueApiKey } from './keys/issue-api-key.js'
import { listApiKeys } from './keys/list-api-keys.js'
import { listAccounts } from './accounts/list-accounts.js'
import { revokeApiKey } from './keys/revoke-api-key.js'
import { createOwnApiKey } from './keys/create-own-api-key.js'
import { listOwnApiKeys } from './keys/list-own-api-keys.js'
import { revokeOwnApiKey } from './keys/revoke-own-api-key.js'
import { setServerAdmin } from './accounts/set-server-admin.js'
import { setPlan } from './accounts/set-plan.js'
import { changeOwnPassword, updateOwnProfile } from './accounts/own-account.js'
import { confirmEmailChange, type EmailChangeDeps } from './accounts/email-change.js'
import { changeAccountPlan, listServerAccounts } from './accounts/server-accounts.js'

export type IdentityDeps = AuthenticateDeps & CreateAccountDeps & GetIdentityDeps & IssueApiKeyDeps & SetPasswordDeps & SignInDeps & EmailChangeDeps

export const identityUseCases = (deps: IdentityDeps) => ({
  /** The actor behind a presented key (HTTP). */
  authenticate: authenticate(deps),
  /** `GET /me`: the account, its organization, the key and the plan. */
  getIdentity: getIdentity(deps),
  /** Operator (CLI, first run): an account, optionally with its organization. */
  createAccount: createAccount(deps),
  /** Operator: an account by id or email. */
  findAccount: findAccount(deps),
  issueApiKey: issueApiKey(deps),
  revokeApiKey: revokeApiKey(deps),
  listApiKeys: listApiKeys(deps),
  /** `GET /keys`: a page of the caller's account keys, oldest first, without their hashes. */
  listOwnApiKeys: listOwnApiKeys(deps),
  /** `POST /keys`: a key for the caller's account, never stronger than the caller; its plaintext shown once. */
  createOwnApiKey: createOwnApiKey(deps),
  /** `DELETE /keys/{id}`: revokes one of the caller's account keys (another account's is 404). */
  revokeOwnApiKey: revokeOwnApiKey(deps),
  /** Operator: every account, oldest first. */
  listAccounts: listAccounts(deps),
  /** Operator (CLI): makes an account a server administrator or no longer one, never taking the flag from the last. */
  setServerAdmin: setServerAdmin(deps),
  /** Operator (CLI): puts an account on one of the configured plans (how a spent allowance is lifted). */
  setPlan: setPlan(deps),
  /** How many accounts are server administrators (the start warns when none is). */
  countServerAdmins: () => deps.accounts.countServerAdmins(),
  /** Operator (CLI, first run): sets an account's password and ends its sessions. */
  setPassword: setPassword(deps),
  /** `POST /session`: a session from an email and password, or from an API key. */
  signIn: signIn(deps),
  /** The actor, session and account behind a session cookie's token (HTTP). */
  authenticateSession: authenticateSession(deps),
  /** `GET /session`: the session behind a token, as the web app sees it. */
  getSession: (token: string) => TE.map((a: Authenticated) => sessionView(a.account, a.actor, a.session))(authenticateSession(deps)(token)),
  /** `DELETE /session`: ends the actor's session. */
  signOut: signOut(deps),
  /** `PATCH /me`: the caller's own name, and email (a password session, with the current password). */
  updateOwnProfile: updateOwnProfile(deps),
  /** `POST /email/confirm`: the link mailed to a new address makes it the account's email. */
  confirmEmailChange: confirmEmailChange(deps),
  /** `PUT /me/password`: a password session changes its password; the account's other sessions end. */
  changeOwnPassword: changeOwnPassword(deps),
  /** `GET /server/accounts`: the server's accounts, for its administrators. */
  listServerAccounts: listServerAccounts(deps),
  /** `PATCH /server/accounts/{id}`: an administrator changes an account's plan. */
  changeAccountPlan: changeAccountPlan(deps),
})

export type IdentityUseCases = ReturnType<typeof identityUseCases>

export { authenticate, createAccount, findAccount, getIdentity, issueApiKey, revokeApiKey }
export { requireWriter } from './require-writer.js'
export type { CreateAccountInput } from './accounts/create-account.js'
export type { Identity } from './get-identity.js'
export type { IssueApiKeyInput, IssuedKey } from './keys/issue-api-key.js'
export type { Revoked } from './keys/revoke-api-key.js'
export type { CreatedOwnKey, CreateOwnApiKeyInput } from './keys/create-own-api-key.js'
export type { ApiKeyView } from '../domain/identity/api-key-rules.js'
export { createOwnApiKey, listOwnApiKeys, revokeOwnApiKey }
export type { PasswordSet } from './sessions/set-password.js'
export type { ServerAdminSet } from './accounts/set-server-admin.js'
export type { PlanSet } from './accounts/set-plan.js'
export type { Credentials, SignedIn, SignInInput } from './sessions/sign-in.js'
export type { Authenticated } from './sessions/authenticate-session.js'
export { countAttempt, openSession, WRONG_KEY, WRONG_PASSWORD } from './sessions/sign-in.js'
export { checkPassword } from './sessions/set-password.js'
export type { SignInDeps } from './sessions/sign-in.js'
export type { SetPasswordDeps } from './sessions/set-password.js'
export { setPassword, signIn, signOut, authenticateSession }
export type { ProfileUpdate } from './accounts/own-account.js'
export { EMAIL_LINK_NOT_VALID, NO_MAIL_TO_CONFIRM, type EmailChange } from './accounts/email-change.js'
