import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import type { AppError } from '../../errors.js'
import type { SessionStore } from '../../ports/session-store.js'

/** Ends the actor's session; an actor without one (a bearer key) has nothing to end. */
export const signOut =
  (deps: { readonly sessions: SessionStore }) =>
  (actor: Actor): TE.TaskEither<AppError, void> =>
    actor.sessionId === undefined ? TE.right(undefined) : TE.map(() => undefined)(deps.sessions.delete(actor.sessionId))
