import * as t from 'io-ts'
import { EVENT_CATALOGUE, type EventName, SUBSCRIBABLE_EVENTS, type SubscribableEvent } from './events.js'

export const WebhookStatus = t.keyof({ active: null, disabled: null })
export type WebhookStatus = t.TypeOf<typeof WebhookStatus>

/**
 * A URL the service calls about events of one account. Secrets are kept sealed
 * (encrypted by the SecretBox port): a copy of the database alone reveals none.
 */
export interface WebhookEndpoint {
  readonly id: string
  readonly accountId: string
  readonly url: string
  readonly description: string | null
  /** Subscribed event names, without duplicates, in the order given. */
  readonly events: ReadonlyArray<EventName>
  readonly status: WebhookStatus
  /** Events in a row whose delivery failed for good; a success resets it. */
  readonly consecutiveFailures: number
  readonly lastDeliveryAt: string | null
  /** HTTP status of the last attempt; null when it got no answer (timeout, refused address). */
  readonly lastStatus: number | null
  /** Why sending stopped, in words; null while active. */
  readonly disabledReason: string | null
  /** The signing secret (`whsec_...`), sealed. */
  readonly sealedSecret: string
  /** After a rotation, the replaced secret (sealed); deliveries carry its signature too until it expires. */
  readonly sealedPreviousSecret: string | null
  readonly previousSecretExpiresAt: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

/** What one delivery attempt came to. `will_retry`: it failed and another attempt is queued. */
export type DeliveryOutcome = 'succeeded' | 'will_retry' | 'failed'

/** Why an event is being sent: it happened, a user asked to send it again, or a user asked for a test. */
export type DeliveryTrigger = 'event' | 'resend' | 'test'

/** One attempt to deliver one event to one endpoint (the delivery log). */
export interface WebhookDelivery {
  readonly id: string
  readonly accountId: string
  readonly endpointId: string
  readonly eventId: string
  readonly eventType: EventName
  readonly trigger: DeliveryTrigger
  /** 1 for the first attempt of a delivery; retries count up. */
  readonly attempt: number
  readonly outcome: DeliveryOutcome
  /** null when no HTTP answer came back. */
  readonly statusCode: number | null
  readonly durationMs: number
  /** What went wrong, in words; null on success. */
  readonly error: string | null
  readonly nextAttemptAt: string | null
  /** The JSON body sent (cut after LOGGED_PAYLOAD_CHARS); null on attempts logged before bodies were kept. */
  readonly payload: string | null
  /** The first characters of the receiver's answer; null when none came or it was empty. */
  readonly response: string | null
  readonly createdAt: string
}

export interface DeliveryHealth {
  readonly succeeded: number
  readonly failed: number
}

const EVENT_LIST = SUBSCRIBABLE_EVENTS.join(', ')
const subscribable = Object.fromEntries(SUBSCRIBABLE_EVENTS.map((n) => [n, null])) as Record<SubscribableEvent, null>
const plainName = t.keyof(subscribable)

/** An event an endpoint may subscribe to (a t.keyof so OpenAPI lists them); the failure names the known ones. */
export const WebhookEventName = new t.KeyofType<Record<SubscribableEvent, null>>(
  'WebhookEventName',
  plainName.is,
  (u, c) => (plainName.is(u) ? t.success(u) : t.failure(u, c, `is not a known event; known events: ${EVENT_LIST}`)),
  t.identity,
  subscribable,
)

/** Any event a delivery may carry: the subscribable ones and the test event. */
export const DeliveredEventName = t.keyof(EVENT_CATALOGUE, 'DeliveredEventName')

const eventArray = t.array(WebhookEventName)
/** A non-empty list of event names. */
export const WebhookEventList = new t.RefinementType<typeof eventArray, SubscribableEvent[], SubscribableEvent[], unknown>(
  'WebhookEventList',
  (u): u is SubscribableEvent[] => eventArray.is(u) && u.length > 0,
  (u, c) => {
    const decoded = eventArray.validate(u, c)
    if (decoded._tag === 'Left' || decoded.right.length > 0) return decoded
    return t.failure(u, c, 'must name at least one event')
  },
  t.identity,
  eventArray,
  (a) => a.length > 0,
)

export const MAX_URL_LENGTH = 2048
export const MAX_DESCRIPTION_LENGTH = 500

/** Drops repeated names, keeping the first. */
export const uniqueEvents = (events: ReadonlyArray<EventName>): EventName[] => [...new Set(events)]

export const isSubscribed = (endpoint: WebhookEndpoint, type: EventName): boolean =>
  endpoint.status === 'active' && endpoint.events.includes(type)
