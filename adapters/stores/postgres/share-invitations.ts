import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ShareInvitationStore } from '../../../src/core/ports/share-invitation-store.js'
import { type ShareInvitationRow, toShareInvitation } from '../shared/rows/share-invitations.js'
import { attempt, attemptUnique, first, type Pool } from './database.js'

export const postgresShareInvitationStore = (pool: Pool): ShareInvitationStore => ({
  create: (i) =>
    TE.map(() => i)(
      attemptUnique(
        () =>
          pool.query(
            `INSERT INTO share_invitations (id, email, run_id, invited_by, may_create_account, public_id, hash, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [i.id, i.email, i.runId, i.invitedBy, i.mayCreateAccount, i.publicId, i.hash, i.createdAt, i.expiresAt],
          ),
        'A share link with this token exists already',
      ),
    ),
  findByPublicId: (publicId) =>
    attempt(async () => O.map(toShareInvitation)(O.fromNullable(await first<ShareInvitationRow>(pool, 'SELECT * FROM share_invitations WHERE public_id = $1', [publicId])))),
  use: (id) => attempt(async () => ((await pool.query('DELETE FROM share_invitations WHERE id = $1', [id])).rowCount ?? 0) > 0),
})
