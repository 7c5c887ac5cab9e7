import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ShareInvitationStore } from '../../../src/core/ports/share-invitation-store.js'
import { type ShareInvitationRow, toShareInvitation } from '../shared/rows/share-invitations.js'
import { attempt, attemptUnique, type Db } from './database.js'

export const sqliteShareInvitationStore = (db: Db): ShareInvitationStore => {
  const insert = db.prepare(
    `INSERT INTO share_invitations (id, email, run_id, invited_by, may_create_account, public_id, hash, created_at, expires_at)
     VALUES (@id, @email, @runId, @invitedBy, @mayCreateAccount, @publicId, @hash, @createdAt, @expiresAt)`,
  )
  const byPublicId = db.prepare<[string], ShareInvitationRow>('SELECT * FROM share_invitations WHERE public_id = ?')
  const remove = db.prepare('DELETE FROM share_invitations WHERE id = ?')
  return {
    create: (i) =>
      TE.map(() => i)(attemptUnique(() => insert.run({ ...i, mayCreateAccount: i.mayCreateAccount ? 1 : 0 }), 'A share link with this token exists already')),
    findByPublicId: (publicId) => attempt(() => O.map(toShareInvitation)(O.fromNullable(byPublicId.get(publicId)))),
    use: (id) => attempt(() => remove.run(id).changes > 0),
  }
}
