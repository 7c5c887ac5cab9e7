import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent, EventName } from '../domain/events.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { DeliveryHealth, WebhookDelivery, WebhookEndpoint } from '../domain/webhook.js'
import type { StoreFailure } from '../errors.js'

/**
 * Webhook endpoints with their delivery log and the events delivered to them.
 * Every method is scoped to an account: rows of other accounts are never seen.
 */
export interface WebhookStore {
  create(endpoint: WebhookEndpoint): TE.TaskEither<StoreFailure, WebhookEndpoint>
  find(accountId: string, id: string): TE.TaskEither<StoreFailure, O.Option<WebhookEndpoint>>
  /** All endpoints of the account, oldest first. */
  list(accountId: string): TE.TaskEither<StoreFailure, ReadonlyArray<WebhookEndpoint>>
  /** Active endpoints of the account subscribed to this event, oldest first. */
  listSubscribed(accountId: string, type: EventName): TE.TaskEither<StoreFailure, ReadonlyArray<WebhookEndpoint>>
  /**
   * Replaces the endpoint with `change(current)` atomically: no other update
   * lands between the read and the write. None when there is no such endpoint.
   */
  update(accountId: string, id: string, change: (current: WebhookEndpoint) => WebhookEndpoint): TE.TaskEither<StoreFailure, O.Option<WebhookEndpoint>>
  /** Removes the endpoint and its delivery log; false when there was none. */
  remove(accountId: string, id: string): TE.TaskEither<StoreFailure, boolean>

  /** Keeps an event so its deliveries can be retried and re-sent; saving the same id again changes nothing. */
  saveEvent(event: DomainEvent): TE.TaskEither<StoreFailure, void>
  findEvent(accountId: string, eventId: string): TE.TaskEither<StoreFailure, O.Option<DomainEvent>>

  addDelivery(delivery: WebhookDelivery): TE.TaskEither<StoreFailure, WebhookDelivery>
  /** The endpoint's attempts, newest first (by createdAt, then id); `total` counts all of them. */
  listDeliveries(accountId: string, endpointId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<WebhookDelivery>>
  findDelivery(accountId: string, endpointId: string, deliveryId: string): TE.TaskEither<StoreFailure, O.Option<WebhookDelivery>>
  /** Attempts created at or after `since`: how many succeeded and how many did not. */
  deliveryHealth(accountId: string, endpointId: string, since: string): TE.TaskEither<StoreFailure, DeliveryHealth>
}
