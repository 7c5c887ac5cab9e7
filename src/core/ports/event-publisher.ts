import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../domain/events.js'
import type { StoreFailure } from '../errors.js'

/**
 * Where domain events go (webhook fan-out, or a log in tests). Publishing must
 * not wait for any receiver: slow subscribers never hold up the caller.
 */
export interface EventPublisher {
  publish(event: DomainEvent): TE.TaskEither<StoreFailure, void>
}
