/** The wire shapes of /keys: an API key as listed, as issued, and the body that issues one. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { KeyAccess, KeyExpiresInDays, KeyName, MAX_KEY_EXPIRY_DAYS, MAX_KEY_NAME_LENGTH } from '../../../../src/core/domain/identity/api-key-rules.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

const keyFields = {
  id: formatted('uuid'),
  name: t.string,
  publicId: annotate(t.string, { description: 'The non-secret part of the key: a key reads `ntk_<publicId>_<secret>`.' }),
  access: KeyAccess,
  organizationWide: t.boolean,
  createdAt: formatted('date-time'),
  expiresAt: nullableFormatted('date-time', 'When the key stops working; null: never.'),
  revokedAt: nullableFormatted('date-time', 'When the key was revoked; null while it is not.'),
}
export const KeyCodec = t.exact(t.type(keyFields), 'ApiKey')
export const CreatedKeyCodec = t.exact(
  t.type({ ...keyFields, key: annotate(t.string, { description: 'The key itself, `ntk_…`. Shown only in this answer: only its hash is kept.' }) }),
  'CreatedApiKey',
)
export const CreateBody = t.intersection(
  [
    t.type({
      name: annotate(KeyName, { minLength: 1, maxLength: MAX_KEY_NAME_LENGTH, description: 'A label to tell keys apart.' }),
      access: annotate(KeyAccess, { description: '`readonly` keys may only read; `full` keys may also make changes.' }),
    }),
    t.partial({
      organizationWide: annotate(t.boolean, { description: "Whether the key reaches the organization routes of the account's organization; false when left out." }),
      expiresInDays: annotate(t.union([KeyExpiresInDays, t.null]), {
        anyOf: [{ type: 'integer', minimum: 1, maximum: MAX_KEY_EXPIRY_DAYS }, { type: 'null' }],
        description: 'Days until the key stops working; null or left out: never.',
      }),
    }),
  ],
  'CreateApiKey',
)

export const ApiKeyPageCodec = pageOf(KeyCodec, 'ApiKeyPage')
