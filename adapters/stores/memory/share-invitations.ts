import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ShareInvitation } from '../../../src/core/domain/recordings/share-invitation.js'
import { conflict } from '../../../src/core/errors.js'
import type { ShareInvitationStore } from '../../../src/core/ports/share-invitation-store.js'

export const memoryShareInvitationStore = (): ShareInvitationStore => {
  const rows = new Map<string, ShareInvitation>()
  return {
    create: (invitation) => {
      if ([...rows.values()].some((r) => r.publicId === invitation.publicId)) return TE.left(conflict('A share link with this token exists already'))
      rows.set(invitation.id, invitation)
      return TE.right(invitation)
    },
    findByPublicId: (publicId) => TE.right(O.fromNullable([...rows.values()].find((r) => r.publicId === publicId))),
    use: (id) => TE.right(rows.delete(id)),
  }
}
