import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { Email, normaliseEmail } from '../domain/account.js'
import type { Actor } from '../domain/api-key.js'
import type { Scope, Share } from '../domain/share.js'
import { type AppError, conflict, invalidField } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import { emailOf, ownRun, type ReachDeps } from './recording-reach.js'

export interface ShareDeps extends ReachDeps {
  readonly clock: Clock
  readonly ids: Ids
}

/**
 * The owner shares a recording with an email address, in or out of its
 * organization. The email need not belong to an account yet: the share reaches
 * whoever has (or later gets) it, and the answer is the same either way, so it
 * tells nothing about which emails have accounts. Once per email and recording.
 */
export const shareRecording =
  (deps: ShareDeps) =>
  (actor: Actor, runId: string, input: { readonly email: string; readonly scope: Scope }): TE.TaskEither<AppError, Share> => {
    const email = normaliseEmail(input.email)
    if (!Email.is(email)) return TE.left(invalidField('email', 'email must be an email address'))
    return pipe(
      ownRun(deps, actor, runId),
      TE.tap(() =>
        pipe(
          emailOf(deps, actor),
          TE.filterOrElse((mine) => mine !== email, (): AppError => invalidField('email', 'A recording cannot be shared with its owner')),
        ),
      ),
      TE.flatMap((run) =>
        deps.shares.create({ id: deps.ids.uuid(), runId: run.id, ownerAccountId: actor.accountId, email, scope: input.scope, createdAt: deps.clock.now().toISOString() }),
      ),
      TE.mapLeft((e) => (e._tag === 'Conflict' ? conflict(`This recording is shared with ${email} already; revoke that share to change its scope`) : e)),
    )
  }
