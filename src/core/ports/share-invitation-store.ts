import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { ShareInvitation } from '../domain/recordings/share-invitation.js'
import type { AppError, StoreFailure } from '../errors.js'

/**
 * The one-time links sent with a shared recording: bound to the recipient's
 * email, they let someone with no account yet set a password and read it.
 */
export interface ShareInvitationStore {
  /** Conflict when the public id is taken (a collision of random tokens: never in practice). */
  create(invitation: ShareInvitation): TE.TaskEither<AppError, ShareInvitation>
  findByPublicId(publicId: string): TE.TaskEither<StoreFailure, O.Option<ShareInvitation>>
  /** Uses the invitation up; true for the one caller that did, false when it was gone already. */
  use(id: string): TE.TaskEither<StoreFailure, boolean>
}
