import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../../../src/core/domain/events.js'
import type { WebhookDelivery, WebhookEndpoint } from '../../../src/core/domain/webhook.js'
import type { WebhookStore } from '../../../src/core/ports/webhook-store.js'

const byCreation = (a: WebhookEndpoint, b: WebhookEndpoint) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)
const newestFirst = (a: WebhookDelivery, b: WebhookDelivery) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

/** Webhook endpoints, deliveries and events of one process (tests, `NOTETAKER_STORE=memory`). */
export const memoryWebhookStore = (): WebhookStore => {
  const endpoints = new Map<string, WebhookEndpoint>()
  const events = new Map<string, DomainEvent>()
  const deliveries: WebhookDelivery[] = []
  const own = (accountId: string, id: string) => {
    const e = endpoints.get(id)
    return e !== undefined && e.accountId === accountId ? e : undefined
  }
  const ofEndpoint = (accountId: string, endpointId: string) =>
    deliveries.filter((d) => d.accountId === accountId && d.endpointId === endpointId)
  return {
    create: (endpoint) => {
      endpoints.set(endpoint.id, endpoint)
      return TE.right(endpoint)
    },
    find: (accountId, id) => TE.right(O.fromNullable(own(accountId, id))),
    list: (accountId) => TE.right([...endpoints.values()].filter((e) => e.accountId === accountId).sort(byCreation)),
    listSubscribed: (accountId, type) =>
      TE.right([...endpoints.values()].filter((e) => e.accountId === accountId && e.status === 'active' && e.events.includes(type)).sort(byCreation)),
    update: (accountId, id, change) => {
      const current = own(accountId, id)
      if (current === undefined) return TE.right(O.none)
      // The id and owner are not the change's to move.
      const next = { ...change(current), id: current.id, accountId: current.accountId }
      endpoints.set(id, next)
      return TE.right(O.some(next))
    },
    remove: (accountId, id) => {
      if (own(accountId, id) === undefined) return TE.right(false)
      endpoints.delete(id)
      for (let i = deliveries.length - 1; i >= 0; i--) if (deliveries[i]!.endpointId === id) deliveries.splice(i, 1)
      return TE.right(true)
    },
    saveEvent: (event) => {
      if (!events.has(event.id)) events.set(event.id, event)
      return TE.right(undefined)
    },
    findEvent: (accountId, eventId) => {
      const e = events.get(eventId)
      return TE.right(e !== undefined && e.accountId === accountId ? O.some(e) : O.none)
    },
    addDelivery: (delivery) => {
      deliveries.push(delivery)
      return TE.right(delivery)
    },
    listDeliveries: (accountId, endpointId, page) => {
      const all = ofEndpoint(accountId, endpointId).sort(newestFirst)
      return TE.right({ rows: all.slice(page.offset, page.offset + page.limit), total: all.length, limit: page.limit, offset: page.offset })
    },
    findDelivery: (accountId, endpointId, deliveryId) =>
      TE.right(O.fromNullable(ofEndpoint(accountId, endpointId).find((d) => d.id === deliveryId))),
    deliveryHealth: (accountId, endpointId, since) => {
      const recent = ofEndpoint(accountId, endpointId).filter((d) => d.createdAt >= since)
      const succeeded = recent.filter((d) => d.outcome === 'succeeded').length
      return TE.right({ succeeded, failed: recent.length - succeeded })
    },
  }
}
