/**
 * Microsoft Graph change notifications for events, as the stand-in plays them: `POST /subscriptions`
 * (with the validation handshake: `POST {notificationUrl}?validationToken=...`, answered 200 text/plain
 * with the token within 10 s), `PATCH` to renew, `DELETE`, `GET`; and on every change of an event in a
 * subscribed calendar a notification `{ value: [{ subscriptionId, clientState, changeType, resource,
 * resourceData, subscriptionExpirationDateTime, tenantId }] }` POSTed to the notificationUrl, which
 * should answer 2xx (202) within 3 s. Only loopback receivers are called.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import tls from 'node:tls'
import type { Change } from './microsoft-calendar.js'
import { isLoopbackUrl, pushBounded } from './microsoft-http.js'

export interface Subscription {
  readonly id: string
  readonly resource: string
  readonly changeType: string
  readonly notificationUrl: string
  readonly lifecycleNotificationUrl: string | null
  readonly clientState: string | null
  expirationDateTime: string
  /** The calendar it watches (the default one for `me/events`). */
  readonly calendarId: string
  /** Set when the grant was revoked: no change notifications until reauthorized (`/reauthorize` or a renewal). */
  needsReauthorization: boolean
}

export interface Delivery {
  readonly subscriptionId: string
  readonly url: string
  /** `changeType` for a change notification, `lifecycleEvent` for a lifecycle one. */
  readonly kind: string
  readonly body: unknown
  /** The receiver's status, or `timeout` / `error` (nothing is retried). */
  readonly outcome: number | 'timeout' | 'error'
}

/** Outlook resources (events) allow at most 10 080 minutes (7 days). */
export const MAX_EXPIRATION_MINUTES = 10080
const NOTIFICATION_TIMEOUT_MS = 3000

export interface Post {
  readonly status: number | 'timeout' | 'error'
  readonly contentType: string
  readonly text: string
}

/** POSTs to a loopback receiver, within `timeoutMs`. */
export const post = (target: string, body: string, contentType: string, timeoutMs: number, ca?: string | Buffer): Promise<Post> =>
  new Promise((resolve) => {
    if (!isLoopbackUrl(target)) return resolve({ status: 'error', contentType: '', text: 'not a loopback address' })
    const url = new URL(target)
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }, ...(ca === undefined ? {} : { ca: [...tls.rootCertificates, ca] }) },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', () => resolve({ status: 'error', contentType: '', text: '' }))
      },
    )
    request.setTimeout(timeoutMs, () => {
      request.destroy()
      resolve({ status: 'timeout', contentType: '', text: '' })
    })
    request.on('error', () => resolve({ status: 'error', contentType: '', text: '' }))
    request.end(body)
  })

export class Subscriptions {
  readonly active = new Map<string, Subscription>()
  readonly deliveries: Delivery[] = []
  validationTimeoutMs = 10_000
  private readonly inFlight = new Set<Promise<void>>()
  private nextId = 1

  constructor(
    private readonly tenantId: string,
    private readonly userId: () => string,
    /** Trusted by the stand-in when it calls an https receiver (besides the system's CAs). */
    private readonly receiverCa: string | Buffer | undefined,
  ) {}

  /** Drops the subscriptions past their expirationDateTime (Graph stops notifying them). */
  prune(): void {
    for (const [id, s] of this.active) if (Date.parse(s.expirationDateTime) <= Date.now()) this.active.delete(id)
  }

  newId(): string {
    return `7f105c7d-2dc5-4530-97cd-${String(this.nextId++).padStart(12, '0')}`
  }

  /** The handshake: true when the receiver echoed the token as text/plain with 200 in time. */
  async validate(url: string): Promise<boolean> {
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`
    const target = new URL(url)
    target.searchParams.set('validationToken', validationToken)
    const answer = await post(target.toString(), '', 'text/plain; charset=utf-8', this.validationTimeoutMs, this.receiverCa)
    return answer.status === 200 && answer.contentType.startsWith('text/plain') && answer.text === validationToken
  }

  /** Sends the change to every active subscription on its calendar whose changeType includes it. */
  notify(change: Change): void {
    this.prune()
    for (const s of this.active.values()) {
      if (s.needsReauthorization || s.calendarId !== change.calendarId || !s.changeType.split(',').includes(change.changeType)) continue
      const resource = `Users/${this.userId()}/Events/${change.eventId}`
      const body = {
        value: [
          {
            subscriptionId: s.id,
            subscriptionExpirationDateTime: s.expirationDateTime,
            changeType: change.changeType,
            resource,
            resourceData: { '@odata.type': '#Microsoft.Graph.Event', '@odata.id': resource, '@odata.etag': `W/"${change.changeKey}"`, id: change.eventId },
            clientState: s.clientState,
            tenantId: this.tenantId,
          },
        ],
      }
      this.send(s, s.notificationUrl, change.changeType, body)
    }
  }

  /** The grant was revoked: every subscription waits for reauthorization; `reauthorizationRequired` goes to their lifecycleNotificationUrl. */
  requireReauthorization(): void {
    this.prune()
    for (const s of this.active.values()) {
      s.needsReauthorization = true
      if (s.lifecycleNotificationUrl !== null) this.send(s, s.lifecycleNotificationUrl, 'reauthorizationRequired', this.lifecycleBody(s, 'reauthorizationRequired'))
    }
  }

  /** Ends a subscription as its expiry would; a `subscriptionRemoved` lifecycle notification goes to its lifecycleNotificationUrl if any. */
  expire(id: string): void {
    const s = this.active.get(id)
    if (s === undefined) throw new Error(`no subscription ${id}`)
    this.active.delete(id)
    if (s.lifecycleNotificationUrl === null) return
    this.send(s, s.lifecycleNotificationUrl, 'subscriptionRemoved', this.lifecycleBody(s, 'subscriptionRemoved'))
  }

  private lifecycleBody(s: Subscription, lifecycleEvent: string) {
    return { value: [{ subscriptionId: s.id, subscriptionExpirationDateTime: s.expirationDateTime, tenantId: this.tenantId, clientState: s.clientState, lifecycleEvent, resource: s.resource }] }
  }

  /** Resolves when every notification sent so far has been answered (or timed out). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  private send(s: Subscription, url: string, kind: string, body: unknown): void {
    const sent = post(url, JSON.stringify(body), 'application/json; charset=utf-8', NOTIFICATION_TIMEOUT_MS, this.receiverCa).then((answer) => {
      pushBounded(this.deliveries, { subscriptionId: s.id, url, kind, body, outcome: answer.status }, 200)
      this.inFlight.delete(sent)
    })
    this.inFlight.add(sent)
  }

  json(s: Subscription, applicationId: string): Record<string, unknown> {
    return {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
      id: s.id,
      resource: s.resource,
      applicationId,
      changeType: s.changeType,
      clientState: s.clientState,
      notificationUrl: s.notificationUrl,
      notificationQueryOptions: null,
      lifecycleNotificationUrl: s.lifecycleNotificationUrl,
      expirationDateTime: s.expirationDateTime,
      creatorId: this.userId(),
      includeResourceData: null,
      latestSupportedTlsVersion: 'v1_2',
      encryptionCertificate: null,
      encryptionCertificateId: null,
      notificationUrlAppId: null,
    }
  }
}
