import * as TE from 'fp-ts/lib/TaskEither.js'
import type { EventPublisher } from '../../src/core/ports/event-publisher.js'

/** Publishes to several publishers in turn (e.g. the log and the webhook fan-out). */
export const fanOut = (...publishers: ReadonlyArray<EventPublisher>): EventPublisher => ({
  publish: (event) =>
    publishers.reduce<TE.TaskEither<never, void> | ReturnType<EventPublisher['publish']>>(
      (acc, p) => TE.flatMap(() => p.publish(event))(acc),
      TE.right(undefined),
    ),
})
