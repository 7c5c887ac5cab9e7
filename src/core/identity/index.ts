/** Identity and keys: accounts, API keys, and who a presented key is. */
import { type AuthenticateDeps, authenticate } from './authenticate.js'
import { type CreateAccountDeps, createAccount } from './create-account.js'
import { findAccount } from './find-account.js'
import { type GetIdentityDeps, getIdentity } from './get-identity.js'
import { type IssueApiKeyDeps, issueApiKey } from './issue-api-key.js'
import { listApiKeys } from './list-api-keys.js'
import { listAccounts } from './list-accounts.js'
import { revokeApiKey } from './revoke-api-key.js'

export type IdentityDeps = AuthenticateDeps & CreateAccountDeps & GetIdentityDeps & IssueApiKeyDeps

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
  /** Operator: every account, oldest first. */
  listAccounts: listAccounts(deps),
})

export type IdentityUseCases = ReturnType<typeof identityUseCases>

export { authenticate, createAccount, findAccount, getIdentity, issueApiKey, revokeApiKey }
export { requireWriter } from './require-writer.js'
export type { CreateAccountInput } from './create-account.js'
export type { Identity } from './get-identity.js'
export type { IssueApiKeyInput, IssuedKey } from './issue-api-key.js'
export type { Revoked } from './revoke-api-key.js'
