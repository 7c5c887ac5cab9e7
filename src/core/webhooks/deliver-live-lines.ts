import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent, TranscriptDataEventData, TranscriptPartialEventData } from '../domain/events.js'
import { LIVE_IDLE_CHECK_MS, LIVE_POLL_MS, LIVE_READ_LIMIT, LIVE_RETRY_DELAYS_MS, type LiveWants, planLiveStep } from '../domain/live-delivery.js'
import { LIVE_BOT_STATES } from '../domain/recordings/run.js'
import type { WebhookEndpoint } from '../domain/webhook.js'
import { retryDelayMs } from '../domain/webhook-delivery.js'
import { finalFailure, retryableFailure, type StoreFailure } from '../errors.js'
import type { JobFailure, JobHandler, JobReport } from '../ports/job-handler.js'
import type { LiveFeed } from '../ports/live-feed.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { DeliverWebhookDeps } from './deliver-webhook.js'
import { enqueueLiveStep, LiveDeliveryJob } from './live-delivery-job.js'
import { sendAttempt, storeHiccup } from './send-attempt.js'

export interface DeliverLiveLinesDeps extends DeliverWebhookDeps {
  /** To tell a run whose bot is gone without saying `end` (its process died). */
  readonly runs: RunStore
  /** Where bots publish their live lines; absent: nothing live is delivered. */
  readonly liveFeed?: LiveFeed
}

type Step = TE.TaskEither<JobFailure, JobReport | void>

const failedReading = (what: string) => (e: StoreFailure): JobFailure => retryableFailure(`${what} could not be read: ${String((e.cause as Error)?.message ?? e.cause)}`)

const wantsOf = (e: WebhookEndpoint): LiveWants => ({ lines: e.events.includes('transcript.data'), partials: e.events.includes('transcript.partial') })

/** The chain ends here; the log says why (one line per run and endpoint, not one per step). */
const stopped = (job: LiveDeliveryJob, why: string): JobReport => ({
  message: `live lines of recording ${job.run.reference} are no longer sent to webhook ${job.endpointId}: ${why}`,
  details: { runId: job.run.runId, endpointId: job.endpointId, deliveredThroughSeq: job.afterSeq },
})

/** Queues the chain's next step (at once unless `runAt`); the key names the step, so a re-run step queues it once. */
const next = (deps: DeliverLiveLinesDeps, job: LiveDeliveryJob, change: Partial<Omit<LiveDeliveryJob, 'step'>>, runAt?: Date): Step =>
  pipe(enqueueLiveStep(deps.jobs, { ...job, ...change, step: job.step + 1 }, runAt), TE.mapLeft(storeHiccup), TE.map(() => undefined))

const later = (deps: DeliverLiveLinesDeps) => new Date(deps.clock.now().getTime() + LIVE_POLL_MS)

/**
 * One attempt of a `transcript.data` delivery. Until it succeeds or is given up (after 5 s and 5 min),
 * the chain waits for it: the next step is its retry, and no later line is sent before it.
 */
const sendLines = (deps: DeliverLiveLinesDeps, job: LiveDeliveryJob, endpoint: WebhookEndpoint, event: DomainEvent, throughSeq: number, attempt: number): Step =>
  pipe(
    sendAttempt(deps, {
      accountId: job.accountId,
      endpoint,
      event,
      trigger: 'event',
      attempt,
      retryDelay: (verdict) => retryDelayMs(attempt, deps.random(), verdict.retryAfterSeconds, LIVE_RETRY_DELAYS_MS),
    }),
    TE.flatMap(({ nextAt }) =>
      nextAt === null
        ? next(deps, job, { afterSeq: throughSeq, pending: null, idleSince: null })
        : next(deps, job, { pending: { eventId: event.id, throughSeq, attempt: attempt + 1 } }, nextAt),
    ),
  )

const retryPending = (deps: DeliverLiveLinesDeps, job: LiveDeliveryJob, endpoint: WebhookEndpoint, wants: LiveWants, pending: NonNullable<LiveDeliveryJob['pending']>): Step =>
  pipe(
    deps.webhooks.findEvent(job.accountId, pending.eventId),
    TE.mapLeft(storeHiccup),
    TE.flatMap((found) =>
      // No longer subscribed, or the event is gone: move past it, as a given-up delivery does.
      O.isSome(found) && wants.lines ? sendLines(deps, job, endpoint, found.value, pending.throughSeq, pending.attempt) : next(deps, job, { afterSeq: pending.throughSeq, pending: null }),
    ),
  )

const liveEvent = (deps: DeliverLiveLinesDeps, job: LiveDeliveryJob, at: string, kind: 'data' | 'partial', data: TranscriptDataEventData | TranscriptPartialEventData): DomainEvent => ({
  id: deps.ids.uuid(),
  type: kind === 'data' ? 'transcript.data' : 'transcript.partial',
  accountId: job.accountId,
  occurredAt: at,
  data,
})

/** Nothing to send: wait for more, or end with the meeting (its `end`, or a run whose bot is gone after a quiet minute). */
const idle = (deps: DeliverLiveLinesDeps, job: LiveDeliveryJob): Step => {
  const now = deps.clock.now()
  const idleSince = job.idleSince ?? now.toISOString()
  if (now.getTime() - Date.parse(idleSince) < LIVE_IDLE_CHECK_MS) return next(deps, job, { idleSince }, later(deps))
  return pipe(
    deps.runs.find(job.accountId, job.run.runId),
    TE.mapLeft(failedReading('the run')),
    TE.flatMap((run) =>
      O.isSome(run) && LIVE_BOT_STATES.includes(run.value.state)
        ? next(deps, job, { idleSince: now.toISOString() }, later(deps))
        : TE.right(stopped(job, 'its bot is no longer in the meeting, and the feed has had nothing new for a minute')),
    ),
  )
}

/** Reads the feed after the cursor and sends what the plan says: the finished lines not sent yet, or the newest partial. */
const readAndSend = (deps: DeliverLiveLinesDeps, feed: LiveFeed, job: LiveDeliveryJob, endpoint: WebhookEndpoint, wants: LiveWants): Step =>
  pipe(
    feed.since(job.run.runId, job.afterSeq, LIVE_READ_LIMIT),
    TE.mapLeft(failedReading('the live feed')),
    TE.flatMap((events): Step => {
      const plan = planLiveStep(events, job.afterSeq, wants)
      switch (plan.send) {
        case 'lines': {
          const event = liveEvent(deps, job, plan.at, 'data', { ...job.run, lines: [...plan.lines] })
          return pipe(deps.webhooks.saveEvent(event), TE.mapLeft(storeHiccup), TE.flatMap(() => sendLines(deps, job, endpoint, event, plan.throughSeq, 1)))
        }
        case 'partial': {
          // Tried once: by the time a retry could go, a newer partial or the finished line has replaced it.
          const event = liveEvent(deps, job, plan.at, 'partial', { ...job.run, line: plan.line })
          return pipe(
            deps.webhooks.saveEvent(event),
            TE.mapLeft(storeHiccup),
            TE.flatMap(() => sendAttempt(deps, { accountId: job.accountId, endpoint, event, trigger: 'event', attempt: 1, retryDelay: () => null })),
            TE.flatMap(() => next(deps, job, { afterSeq: plan.throughSeq, idleSince: null })),
          )
        }
        case 'nothing':
          if (plan.ended) return TE.right(stopped(job, 'the meeting ended'))
          if (events.length === 0) return idle(deps, job)
          // Speaker and state changes (or partials the endpoint does not want) move the cursor; a full read is followed at once.
          return next(deps, job, { afterSeq: plan.throughSeq, idleSince: null }, events.length >= LIVE_READ_LIMIT ? undefined : later(deps))
      }
    }),
  )

/**
 * The `webhook.live` job: one step of the deliveries of a run's live lines to one endpoint, started
 * when its bot is admitted (`startLiveDeliveries`). Signed, logged and counted like every delivery;
 * it ends with the meeting, or when the endpoint is removed, disabled or no longer subscribed.
 */
export const deliverLiveLines =
  (deps: DeliverLiveLinesDeps): JobHandler =>
  (payload) => {
    const decoded = LiveDeliveryJob.decode(payload)
    if (E.isLeft(decoded)) return TE.left(finalFailure('the job payload is not a step of live webhook deliveries'))
    const job = decoded.right
    const feed = deps.liveFeed
    if (feed === undefined) return TE.right({ level: 'warn', ...stopped(job, 'this process has no live feed to read them from') })
    return pipe(
      deps.webhooks.find(job.accountId, job.endpointId),
      TE.mapLeft(storeHiccup),
      TE.flatMap((found): Step => {
        if (O.isNone(found)) return TE.right(stopped(job, 'the endpoint was removed'))
        const endpoint = found.value
        if (endpoint.status !== 'active') return TE.right(stopped(job, 'the endpoint is disabled'))
        const wants = wantsOf(endpoint)
        if (!wants.lines && !wants.partials) return TE.right(stopped(job, 'the endpoint no longer subscribes to transcript.data or transcript.partial'))
        return job.pending === null ? readAndSend(deps, feed, job, endpoint, wants) : retryPending(deps, job, endpoint, wants, job.pending)
      }),
    )
  }
