import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../../src/core/domain/events.js'
import type { EventPublisher } from '../../src/core/ports/event-publisher.js'

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

/** Publishes to several publishers in turn (e.g. the log and the webhook fan-out). */
export const fanOut = (...publishers: ReadonlyArray<EventPublisher>): EventPublisher => ({
  publish: (event) =>
    publishers.reduce<TE.TaskEither<never, void> | ReturnType<EventPublisher['publish']>>(
      (acc, p) => TE.flatMap(() => p.publish(event))(acc),
      TE.right(undefined),
    ),
})
