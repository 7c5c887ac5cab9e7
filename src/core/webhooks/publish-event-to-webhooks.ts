import { pipe } from 'fp-ts/lib/function.js'
import * as A from 'fp-ts/lib/ReadonlyArray.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { startLiveDeliveries } from './start-live-deliveries.js'
import { enqueueDelivery } from './webhook-delivery-job.js'

/**
 * The webhook fan-out: an event of an account queues one delivery job for each
 * of that account's active endpoints subscribed to its type. No receiver is
 * called here; the worker sends, so a slow receiver never holds up the caller.
 * The event is kept only when someone will receive it. A bot's `meeting.started`
 * also starts the live deliveries of its lines (`transcript.data`, `transcript.partial`).
 */
export const publishEventToWebhooks = (deps: { readonly webhooks: WebhookStore; readonly jobs: JobQueue }): EventPublisher => ({
  publish: (event) =>
    pipe(
      deps.webhooks.listSubscribed(event.accountId, event.type),
      TE.flatMap((endpoints) =>
        endpoints.length === 0
          ? TE.right(undefined)
          : pipe(
              deps.webhooks.saveEvent(event),
              TE.flatMap(() =>
                pipe(
                  endpoints,
                  A.traverse(TE.ApplicativeSeq)((e) =>
                    // One series per endpoint and event: publishing the same event twice queues it once while the first is open.
                    enqueueDelivery(deps.jobs, { accountId: event.accountId, endpointId: e.id, eventId: event.id, trigger: 'event', series: 'event', attempt: 1 }),
                  ),
                ),
              ),
              TE.map(() => undefined),
            ),
      ),
      TE.flatMap(() => startLiveDeliveries(deps, event)),
    ),
})
