import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, forbidden } from '../errors.js'

/** Changes need a full-access key; the HTTP adapter checks it first, the core checks it again for other drivers. */
export const requireWriter = (actor: Actor): TE.TaskEither<AppError, Actor> =>
  actor.access === 'full' ? TE.right(actor) : TE.left(forbidden('This key is read-only and cannot make changes'))
