import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../../../src/core/domain/events.js'
import type { EventPublisher } from '../../../src/core/ports/event-publisher.js'

/** Keeps published events in order so tests (and `notetaker` without webhooks) can inspect them. */
export const eventLog = (): EventPublisher & { readonly events: DomainEvent[] } => {
  const events: DomainEvent[] = []
  return {
    events,
    publish: (event) => {
      events.push(event)
      return TE.right(undefined)
    },
  }
}
