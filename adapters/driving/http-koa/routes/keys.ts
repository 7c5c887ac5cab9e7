import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type ApiKeyView, MAX_KEY_EXPIRY_DAYS, MAX_KEY_NAME_LENGTH } from '../../../../src/core/domain/identity/api-key-rules.js'
import type { Page } from '../../../../src/core/domain/page.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { type Param, pageQuery } from '../dispatch/params.js'
import { route } from '../route.js'
import { KeyCodec, CreatedKeyCodec, CreateBody, ApiKeyPageCodec } from '../contract/keys.js'

/** Any text: a malformed id is simply no key of the account (404), like another account's. */
const keyId: Param<string> = {
  schema: { type: 'string', format: 'uuid' },
  required: true,
  description: 'The key id (not its publicId).',
  read: (raw) => ({ ok: true, value: raw ?? '' }),
}

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)
// The page codec's rows are a mutable array; the core's are read-only.
const page = (p: Page<ApiKeyView>) => ({ ...p, rows: [...p.rows] })

const NO_ESCALATION =
  'A new key is never stronger than the caller: a read-only caller can create no key (403, as for every change), and `organizationWide: true` needs a caller that is organization-wide itself (an organization-wide key, or a password session of an organization member); otherwise 403. Nor does it outlive the caller: a key that expires (or a session opened with one) can only make keys that expire no later, so `expiresInDays` null or past the caller\'s own expiry is 422 on `expiresInDays`, saying how many days are allowed (never shortened silently). A password session has no such bound.'

export const keyRoutes = (core: Core) => [
  route({
    operationId: 'listApiKeys', method: 'get', path: '/keys', tag: 'Account',
    access: 'read',
    summary: "The account's API keys, oldest first",
    description: 'Every key of the account, revoked and expired ones included, oldest first (keys made in the same instant by id), paged with `limit` and `offset`. The key itself is never returned (only its hash is kept); `publicId` tells keys apart.',
    query: pageQuery,
    success: { status: 200, description: 'A page of keys.', data: ApiKeyPageCodec },
    handle: ({ actor, query }) => pipe(core.identity.listOwnApiKeys(actor, query), TE.map(page), data),
  }),
  route({
    operationId: 'createApiKey', method: 'post', path: '/keys', tag: 'Account',
    access: 'write',
    summary: 'Create an API key for the account',
    description: `Answers the key with its plaintext in \`key\`, shown only here: store it at once (only its hash is kept; a lost key cannot be shown again, revoke it and create another). ${NO_ESCALATION}`,
    body: CreateBody,
    errorNotes: {
      FORBIDDEN: 'The key is read-only, or `organizationWide` is true and the caller is not organization-wide (FORBIDDEN).',
      VALIDATION_ERROR: `\`name\` empty or over ${MAX_KEY_NAME_LENGTH} characters, \`access\` neither \`full\` nor \`readonly\`, \`expiresInDays\` not a whole number from 1 to ${MAX_KEY_EXPIRY_DAYS} (or null) or later than the calling key's own expiry (null included), or an unknown field (VALIDATION_ERROR).`,
    },
    success: { status: 201, description: 'The key, with its plaintext shown once.', data: CreatedKeyCodec },
    handle: ({ actor, body }) =>
      pipe(core.identity.createOwnApiKey(actor, { name: body.name, access: body.access, organizationWide: body.organizationWide ?? false, expiresInDays: body.expiresInDays ?? null }), TE.map((c) => ({ ...c.key, key: c.plaintext })), data),
  }),
  route({
    operationId: 'revokeApiKey', method: 'delete', path: '/keys/{id}', tag: 'Account',
    access: 'write',
    summary: 'Revoke an API key of the account',
    description:
      'The key answers 401 from then on, and so do web sessions opened with it. The key stays in the list with its `revokedAt`; revoking it again changes nothing and answers it with its first `revokedAt`. Any full-access key of the account may revoke any of its keys, itself included.',
    params: { id: keyId },
    errorNotes: { NOT_FOUND: "No key with this id in the account: another account's key, or a malformed id, answers 404 too (NOT_FOUND)." },
    success: { status: 200, description: 'The revoked key.', data: KeyCodec },
    handle: ({ actor, params }) => data(core.identity.revokeOwnApiKey(actor, params.id)),
  }),
]
