// The webhook_endpoints, webhook_deliveries and webhook_events row shapes and their mappings to the domain, shared by the SQLite and Postgres adapters.
import * as O from 'fp-ts/lib/Option.js'
import { type DomainEvent, type EventName, isEventName } from '../../../../src/core/domain/events.js'
import type { DeliveryOutcome, DeliveryTrigger, WebhookDelivery, WebhookEndpoint, WebhookStatus } from '../../../../src/core/domain/webhook.js'

/**
 * A webhook_endpoints row with events decoded, as Postgres returns its jsonb
 * column; SQLite stores it as JSON text, which its adapter parses before
 * toWebhookEndpoint.
 */
export interface WebhookEndpointRow {
  id: string
  account_id: string
  url: string
  description: string | null
  events: string[]
  status: WebhookStatus
  consecutive_failures: number
  last_delivery_at: string | null
  last_status: number | null
  disabled_reason: string | null
  sealed_secret: string
  sealed_previous_secret: string | null
  previous_secret_expires_at: string | null
  created_at: string
  updated_at: string
}

/** A webhook_deliveries row: both drivers return it alike (text and 32-bit integers). */
export interface WebhookDeliveryRow {
  id: string
  account_id: string
  endpoint_id: string
  event_id: string
  event_type: string
  trigger_kind: DeliveryTrigger
  attempt: number
  outcome: DeliveryOutcome
  status_code: number | null
  duration_ms: number
  error: string | null
  next_attempt_at: string | null
  payload: string | null
  response: string | null
  created_at: string
}

/**
 * A webhook_events row with data decoded, as Postgres returns its json column;
 * SQLite stores it as JSON text, which its adapter parses before toWebhookEvent.
 */
export interface WebhookEventRow {
  id: string
  account_id: string
  type: string
  occurred_at: string
  data: DomainEvent['data']
}

export const toWebhookEndpoint = (r: WebhookEndpointRow): WebhookEndpoint => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  description: r.description,
  // Names that left the catalogue since they were stored are dropped rather than passed on as unknown events.
  events: r.events.filter(isEventName),
  status: r.status,
  consecutiveFailures: r.consecutive_failures,
  lastDeliveryAt: r.last_delivery_at,
  lastStatus: r.last_status,
  disabledReason: r.disabled_reason,
  sealedSecret: r.sealed_secret,
  sealedPreviousSecret: r.sealed_previous_secret,
  previousSecretExpiresAt: r.previous_secret_expires_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export const toWebhookDelivery = (r: WebhookDeliveryRow): WebhookDelivery => ({
  id: r.id,
  accountId: r.account_id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type as EventName,
  trigger: r.trigger_kind,
  attempt: r.attempt,
  outcome: r.outcome,
  statusCode: r.status_code,
  durationMs: r.duration_ms,
  error: r.error,
  nextAttemptAt: r.next_attempt_at,
  payload: r.payload,
  response: r.response,
  createdAt: r.created_at,
})

/** The stored event, or none when its type left the catalogue since it was stored. */
export const toWebhookEvent = (r: WebhookEventRow): O.Option<DomainEvent> =>
  isEventName(r.type) ? O.some({ id: r.id, accountId: r.account_id, type: r.type, occurredAt: r.occurred_at, data: r.data }) : O.none
