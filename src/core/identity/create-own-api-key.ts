import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Access, Actor } from '../domain/api-key.js'
import { type ApiKeyView, KEY_RULES, keyView } from '../domain/api-key-rules.js'
import { type AppError, forbidden, invalidField } from '../errors.js'
import { type IssueApiKeyDeps, issueApiKey } from './issue-api-key.js'
import { requireWriter } from './require-writer.js'

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

export const createOwnApiKey =
  (deps: IssueApiKeyDeps) =>
  (actor: Actor, input: CreateOwnApiKeyInput): TE.TaskEither<AppError, CreatedOwnKey> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => {
        const refused = refusal(actor, input)
        return refused === null ? issueApiKey(deps)({ ...input, accountId: actor.accountId, name: input.name.trim() }) : TE.left(refused)
      }),
      TE.map((issued) => ({ key: keyView(issued.key), plaintext: issued.plaintext })),
    )
