/**
 * The rules of webhook delivery: what a receiver's answer means, when to try
 * again, when to stop sending, and what is sent. Pure, so the schedule and the
 * threshold are documented and tested in one place.
 */
import { EVENT_CATALOGUE, type DomainEvent, recordingLinks } from './events.js'
import type { DeliveryOutcome, DeliveryTrigger, WebhookEndpoint } from './webhook.js'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** Delays before attempts 2..7 after a retryable failure: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (about 17.6 h in all). */
export const RETRY_DELAYS_MS: ReadonlyArray<number> = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR]
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** Each delay is moved by up to this fraction either way, so receivers that failed together are not retried together. */
export const JITTER_FRACTION = 0.2
/** Retry-After is honoured up to the longest step of the schedule. */
export const MAX_RETRY_AFTER_MS = 10 * HOUR
/** Events in a row that fail for good before the endpoint is disabled. */
export const DISABLE_AFTER_FAILED_EVENTS = 5
/** How long a rotated-out secret still signs deliveries. */
export const SECRET_ROTATION_GRACE_MS = 24 * HOUR
/** The window of "recent" delivery health on GET /webhooks/{id}. */
export const HEALTH_WINDOW_MS = 24 * HOUR

/** What sending one request came to; produced by the WebhookSender port. */
export type SendOutcome =
  | {
      readonly kind: 'answered'
      readonly status: number
      /** Retry-After of a 429 or 503, in seconds, when the receiver sent one that reads. */
      readonly retryAfterSeconds: number | null
      /** The first characters of the answer, for the delivery log. */
      readonly bodyExcerpt: string
      readonly durationMs: number
    }
  | {
      readonly kind: 'unanswered'
      /** `refused`: the URL or its address may not be called (not worth retrying); the others may pass later. */
      readonly reason: 'timeout' | 'network' | 'refused'
      readonly message: string
      readonly durationMs: number
    }

export interface AttemptVerdict {
  readonly verdict: 'succeeded' | 'retryable' | 'failed'
  readonly statusCode: number | null
  readonly error: string | null
  readonly retryAfterSeconds: number | null
}

const answered = (status: number, excerpt: string): string => {
  const what = status >= 300 && status < 400 ? `Answered HTTP ${status}; redirects are not followed, so register the final URL` : `Answered HTTP ${status}`
  return excerpt === '' ? what : `${what}: ${excerpt}`
}

/** 2xx succeeds; timeouts, network errors, 429 and 5xx are worth retrying; any other answer or a refused address is not. */
export const judgeAttempt = (o: SendOutcome): AttemptVerdict => {
  if (o.kind === 'unanswered') {
    return { verdict: o.reason === 'refused' ? 'failed' : 'retryable', statusCode: null, error: o.message, retryAfterSeconds: null }
  }
  if (o.status >= 200 && o.status < 300) return { verdict: 'succeeded', statusCode: o.status, error: null, retryAfterSeconds: null }
  const retryable = o.status === 429 || (o.status >= 500 && o.status < 600)
  return { verdict: retryable ? 'retryable' : 'failed', statusCode: o.status, error: answered(o.status, o.bodyExcerpt), retryAfterSeconds: o.retryAfterSeconds }
}

/**
 * Milliseconds to wait after attempt `attempt` failed, or null when it was the
 * last. `random` in [0, 1) places the jitter; a Retry-After longer than the
 * scheduled delay wins, up to MAX_RETRY_AFTER_MS. Live lines pass a shorter schedule.
 */
export const retryDelayMs = (attempt: number, random: number, retryAfterSeconds: number | null, schedule: ReadonlyArray<number> = RETRY_DELAYS_MS): number | null => {
  const base = schedule[attempt - 1]
  if (base === undefined) return null
  const jittered = Math.round(base * (1 + JITTER_FRACTION * (2 * random - 1)))
  // Retry-After is honoured up to the schedule's longest step (MAX_RETRY_AFTER_MS on the full schedule).
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds * SECOND, Math.max(...schedule))
  return Math.max(jittered, asked)
}

export const disabledReasonFor = (failures: number, statusCode: number | null, error: string | null): string =>
  `Disabled after ${failures} consecutive failed deliveries; the last ${statusCode === null ? `failed: ${error ?? 'no answer'}` : `answered ${statusCode}`}`

/**
 * The endpoint after one attempt: every attempt sets lastDeliveryAt and
 * lastStatus; a success resets the failure count; an event that failed for good
 * adds one, and at the threshold an active endpoint is disabled with a reason.
 */
export const applyAttempt = (
  e: WebhookEndpoint,
  a: { readonly at: string; readonly statusCode: number | null; readonly outcome: DeliveryOutcome; readonly error: string | null },
): WebhookEndpoint => {
  const seen = { ...e, lastDeliveryAt: a.at, lastStatus: a.statusCode, updatedAt: a.at }
  if (a.outcome === 'succeeded') return { ...seen, consecutiveFailures: 0 }
  if (a.outcome === 'will_retry') return seen
  const failures = e.consecutiveFailures + 1
  if (e.status === 'active' && failures >= DISABLE_AFTER_FAILED_EVENTS) {
    return { ...seen, consecutiveFailures: failures, status: 'disabled', disabledReason: disabledReasonFor(failures, a.statusCode, a.error) }
  }
  return { ...seen, consecutiveFailures: failures }
}

/**
 * The body sent, as Standard Webhooks recommends: `{ type, timestamp, data }`, data being the event's
 * data and ids, and, for an event about a recording, where to read it (linked at sending, so events
 * stored before the public address was set link to the web app too once it is).
 */
export const webhookPayload = (event: DomainEvent, publicUrl = '') => {
  const data = EVENT_CATALOGUE[event.type].data.encode(event.data as never) as Record<string, unknown>
  const links = typeof data['runId'] === 'string' ? recordingLinks(data['runId'], publicUrl) : {}
  return { type: event.type, timestamp: event.occurredAt, data: { eventId: event.id, accountId: event.accountId, ...data, ...links } }
}

/** How much of a sent body the delivery log keeps: every event's payload fits; a longer one is cut. */
export const LOGGED_PAYLOAD_CHARS = 8_000

export const loggedPayload = (body: string): string =>
  body.length <= LOGGED_PAYLOAD_CHARS ? body : `${body.slice(0, LOGGED_PAYLOAD_CHARS)}…`

/**
 * A test attempt (POST /webhooks/{id}/test) is logged but leaves the endpoint's health as it was:
 * it is tried once, never retried, and neither counts a failure nor clears the count.
 */
export const countsTowardHealth = (trigger: DeliveryTrigger): boolean => trigger !== 'test'
