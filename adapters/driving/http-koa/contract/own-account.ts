/** The wire shapes of the caller's own account: PATCH /me, the email confirmation and the password change. */
import * as t from 'io-ts'
import type { Account } from '../../../../src/core/domain/identity/account.js'
import { annotate, formatted } from '../openapi/codec-schema.js'

export const OwnAccountCodec = t.exact(t.type({ id: formatted('uuid'), name: t.string, email: formatted('email') }), 'OwnAccount')
export const ownAccountView = (a: Account): t.TypeOf<typeof OwnAccountCodec> => ({ id: a.id, name: a.name, email: a.email })
export const ProfileCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    name: t.string,
    email: formatted('email'),
    pendingEmail: annotate(t.union([formatted('email'), t.null]), {
      description: 'A new email waiting for its confirmation: a link went to that address, and `email` changes when it is opened (POST /email/confirm). Null when no change waits.',
    }),
  }),
  'OwnProfile',
)

export const ProfileBody = t.exact(
      t.partial({
        name: t.string,
        email: t.string,
        currentPassword: annotate(t.string, { description: 'Needed to change the email.' }),
      }),
    )

export const ConfirmEmailBody = t.exact(t.type({ token: annotate(t.string, { description: "The token from the link's fragment." }) }))

export const PasswordBody = t.exact(t.type({ currentPassword: t.string, newPassword: t.string }))
