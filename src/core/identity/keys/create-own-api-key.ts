import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as O from 'fp-ts/lib/Option.js'
import type { Access, Actor, ApiKey } from '../../domain/identity/api-key.js'
import { type ApiKeyView, KEY_RULES, keyView } from '../../domain/identity/api-key-rules.js'
import { NO_KEY_ID } from '../../domain/identity/session.js'
import { type AppError, forbidden, invalidField } from '../../errors.js'
import { type IssueApiKeyDeps, issueApiKey } from './issue-api-key.js'
import { requireWriter } from '../require-writer.js'

export interface CreateOwnApiKeyInput {
  readonly name: string
  readonly access: Access
  readonly organizationWide: boolean
  readonly expiresInDays: number | null
}

export interface CreatedOwnKey {
  readonly key: ApiKeyView
  /** Shown once; only its hash is kept. */
  readonly plaintext: string
}

export const NO_ORGANIZATION_REACH =
  'Only an organization-wide key, or a password session of an organization member, can create an organization-wide key'

/**
 * `POST /keys`: a key for the caller's own account, never stronger than the
 * caller. Full access needs a full-access caller (read-only callers may make no
 * key at all, as for every change); organization-wide needs a caller that
 * reaches the organization itself.
 */
const refusal = (actor: Actor, input: CreateOwnApiKeyInput): AppError | null => {
  if (!KEY_RULES.name.ok(input.name)) return invalidField('name', `name ${KEY_RULES.name.message}`)
  if (input.expiresInDays !== null && !KEY_RULES.expiresInDays.ok(input.expiresInDays)) {
    return invalidField('expiresInDays', `expiresInDays ${KEY_RULES.expiresInDays.message}`)
  }
  if (input.organizationWide && !(actor.organizationWide && actor.organizationId !== null)) return forbidden(NO_ORGANIZATION_REACH)
  return null
}

const DAY_MS = 86_400_000

/**
 * A key never outlives the key that made it: from a key that expires, a new key
 * must expire no later (whole days from now), and cannot be one that never
 * expires. Refused in words rather than shortened, so nobody is handed a key
 * that ends sooner than asked. A password session is the account itself: no bound.
 */
export const outlivesCreator = (creator: Pick<ApiKey, 'expiresAt'>, expiresInDays: number | null, now: Date): AppError | null => {
  if (creator.expiresAt === null) return null
  const left = Date.parse(creator.expiresAt) - now.getTime()
  if (expiresInDays !== null && expiresInDays * DAY_MS <= left) return null
  const most = Math.floor(left / DAY_MS)
  const asked = expiresInDays === null ? 'a key that never expires' : `a key that expires in ${expiresInDays} days`
  const instead =
    most >= 1
      ? `ask for at most ${most} day${most === 1 ? '' : 's'}`
      : 'it has less than a day left, so it can make no key'
  return invalidField(
    'expiresInDays',
    `The key making this request expires at ${creator.expiresAt}, and a key cannot outlive the key that made it: it cannot make ${asked}; ${instead}, or create the key from a longer-lived key or a password session`,
  )
}

/** The caller's own key, when it is one (a password session has none). */
const creatorKey = (deps: IssueApiKeyDeps, actor: Actor): TE.TaskEither<AppError, O.Option<ApiKey>> =>
  actor.keyId === NO_KEY_ID || actor.keyId === '' ? TE.right(O.none) : deps.apiKeys.findById(actor.keyId)

export const createOwnApiKey =
  (deps: IssueApiKeyDeps) =>
  (actor: Actor, input: CreateOwnApiKeyInput): TE.TaskEither<AppError, CreatedOwnKey> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => {
        const refused = refusal(actor, input)
        return refused === null ? creatorKey(deps, actor) : TE.left(refused)
      }),
      TE.flatMap((creator) => {
        const outlives = O.isSome(creator) ? outlivesCreator(creator.value, input.expiresInDays, deps.clock.now()) : null
        return outlives === null ? issueApiKey(deps)({ ...input, accountId: actor.accountId, name: input.name.trim() }) : TE.left(outlives)
      }),
      TE.map((issued) => ({ key: keyView(issued.key), plaintext: issued.plaintext })),
    )
