import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { moveTo, type Run, runAsOf } from '../domain/recordings/run.js'
import { type AppError, conflict, forbidden, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import { LEAVE_REQUEST, type LiveFeed } from '../ports/live-feed.js'
import type { RunStore } from '../ports/recording-stores.js'

/**
 * Makes a bot leave: one that has not started yet is called off at once
 * (`cancelled`); one in the meeting is asked to leave and does within a few
 * seconds, keeping what it recorded. Asking twice is harmless.
 */
export const leaveBot =
  (deps: { readonly runs: RunStore; readonly clock: Clock; readonly liveFeed?: LiveFeed }) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, Run> =>
  async () => {
    if (actor.access !== 'full') return E.left(forbidden('This key is read-only and cannot make changes'))
    // A bot that is starting moves on between our read and our write; a few tries settle it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const found = await deps.runs.find(actor.accountId, runId)()
      if (E.isLeft(found)) return found
      if (O.isNone(found.right) || found.right.value.state === 'superseded') return E.left(notFound('Bot'))
      const run = found.right.value
      if (run.origin === 'upload') return E.left(conflict('This recording is an upload; it has no bot'))
      if (run.state === 'scheduled' || run.state === 'queued') {
        const now = deps.clock.now().toISOString()
        // The leave mark keeps the engine from scheduling this meeting's start again.
        const cancelled = moveTo(run, 'cancelled', now, { detail: 'Called off before the bot joined (asked to leave).', leaveRequestedAt: now })
        if (!cancelled.ok) return E.left(conflict(cancelled.message))
        const stored = await deps.runs.update(cancelled.run, [run.state])()
        if (E.isRight(stored) || stored.left._tag !== 'Conflict') return stored
        continue
      }
      const marked = await deps.runs.requestLeave(actor.accountId, runId, deps.clock.now().toISOString())()
      if (E.isLeft(marked)) return marked
      if (O.isSome(marked.right)) {
        // The bot hears it at once through its live feed (in whichever process it runs); the mark is what it reads if that fails.
        if (deps.liveFeed !== undefined) await deps.liveFeed.publish(runId, LEAVE_REQUEST, deps.clock.now())()
        return E.right(runAsOf(marked.right.value, deps.clock.now()))
      }
      if (run.state === 'joining' || run.state === 'waiting_room' || run.state === 'recording') continue
      return E.left(conflict(`The bot is no longer in the meeting (the recording is ${run.state})`))
    }
    return E.left(conflict('The bot kept changing state; try again'))
  }
