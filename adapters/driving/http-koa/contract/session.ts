/** The wire shapes of /session: signing in and the session answered. */
import * as t from 'io-ts'
import { KeyAccess } from '../../../../src/core/domain/identity/api-key-rules.js'
import type { SessionView } from '../../../../src/core/domain/identity/session.js'
import { formatted } from '../openapi/codec-schema.js'

export const SessionCodec = t.exact(
  t.type({
    account: t.exact(t.type({ id: formatted('uuid'), name: t.string, email: t.string })),
    access: KeyAccess,
    organizationWide: t.boolean,
    organizationId: t.union([formatted('uuid'), t.null]),
    signedInWith: t.keyof({ password: null, apiKey: null }),
    csrfToken: t.string,
    expiresAt: formatted('date-time', 'When the session ends; sign in again after it.'),
  }),
  'Session',
)

export const SignInBody = t.union(
  [t.exact(t.type({ email: t.string, password: t.string }), 'PasswordSignIn'), t.exact(t.type({ apiKey: t.string }), 'ApiKeySignIn')],
  'SignIn',
)

export const sessionAnswer = (s: SessionView): t.TypeOf<typeof SessionCodec> => ({ ...s, account: { ...s.account } })
