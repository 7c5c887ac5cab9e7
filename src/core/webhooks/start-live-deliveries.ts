import { pipe } from 'fp-ts/lib/function.js'
import * as A from 'fp-ts/lib/ReadonlyArray.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent, RecordingEventData } from '../domain/events.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { enqueueLiveStep } from './live-delivery-job.js'

/**
 * When a bot is admitted (`meeting.started`), each active endpoint of the account subscribed to
 * `transcript.data` or `transcript.partial` gets the first step of its live deliveries for the run;
 * the steps then follow one another through the meeting. The bot itself only publishes to its feed.
 */
export const startLiveDeliveries = (deps: { readonly webhooks: WebhookStore; readonly jobs: JobQueue }, event: DomainEvent): TE.TaskEither<StoreFailure, void> => {
  if (event.type !== 'meeting.started') return TE.right(undefined)
  const { runId, reference, meetingId, title, platform, origin } = event.data as RecordingEventData
  return pipe(
    TE.Do,
    TE.bind('lines', () => deps.webhooks.listSubscribed(event.accountId, 'transcript.data')),
    TE.bind('partials', () => deps.webhooks.listSubscribed(event.accountId, 'transcript.partial')),
    TE.map(({ lines, partials }) => [...new Set([...lines, ...partials].map((e) => e.id))]),
    TE.flatMap(
      A.traverse(TE.ApplicativeSeq)((endpointId) =>
        enqueueLiveStep(deps.jobs, {
          accountId: event.accountId,
          endpointId,
          run: { runId, reference, meetingId, title, platform, origin },
          afterSeq: 0,
          step: 0,
          pending: null,
          idleSince: null,
        }),
      ),
    ),
    TE.map(() => undefined),
  )
}
