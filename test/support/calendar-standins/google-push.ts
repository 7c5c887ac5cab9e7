/**
 * events.watch channels (type web_hook) and the notifications Google posts to them: first a `sync`
 * message when the channel opens, then `exists` after every change to the watched calendar's events.
 * Headers as documented: X-Goog-Channel-ID, X-Goog-Channel-Token (when set), X-Goog-Channel-Expiration,
 * X-Goog-Resource-ID, X-Goog-Resource-URI, X-Goog-Resource-State, X-Goog-Message-Number; empty body.
 */
import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'

export interface GoogleChannel {
  readonly id: string
  readonly calendarId: string
  readonly address: string
  readonly token: string | null
  expiration: number
  readonly resourceId: string
  readonly resourceUri: string
  messageNumber: number
}

/** One notification the stand-in sent, and what the receiver answered (or the error). */
export interface GoogleDelivery {
  readonly channelId: string
  readonly state: 'sync' | 'exists'
  readonly messageNumber: number
  readonly status: number | null
  readonly error: string | null
}

/** Google's default (and our cap) for a calendar channel's life: one week. */
export const CHANNEL_DEFAULT_MS = 7 * 86_400_000
const DELIVERY_LOG_LIMIT = 500
const CHANNEL_LIMIT = 200
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export const createGooglePush = (options: { ca: () => string | undefined; resourceUri: (calendarId: string) => string }) => {
  const channels = new Map<string, GoogleChannel>()
  const deliveries: GoogleDelivery[] = []
  const inFlight = new Set<Promise<void>>()

  const live = (): GoogleChannel[] => {
    const now = Date.now()
    for (const [id, c] of channels) if (c.expiration <= now) channels.delete(id)
    return [...channels.values()]
  }

  const post = (channel: GoogleChannel, state: GoogleDelivery['state']): void => {
    channel.messageNumber += 1
    const messageNumber = channel.messageNumber
    const url = new URL(channel.address)
    const headers: Record<string, string> = {
      'content-length': '0',
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': channel.resourceUri,
      'x-goog-resource-state': state,
      'x-goog-message-number': String(messageNumber),
      'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
    }
    if (channel.token !== null) headers['x-goog-channel-token'] = channel.token
    const ca = options.ca()
    const sent = new Promise<void>((done) => {
      const record = (status: number | null, error: string | null) => {
        deliveries.push({ channelId: channel.id, state, messageNumber, status, error })
        if (deliveries.length > DELIVERY_LOG_LIMIT) deliveries.shift()
        done()
      }
      // Test support never reaches past the loopback interface: other addresses are accepted, never posted to.
      if (!LOOPBACK.has(url.hostname)) return record(null, `not sent: ${url.hostname} is not a loopback address`)
      const req = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', headers, timeout: 5000, ...(url.protocol === 'https:' && ca !== undefined ? { ca } : {}) }, (res) => {
        res.resume()
        res.on('end', () => record(res.statusCode ?? 0, null))
      })
      req.on('timeout', () => req.destroy(new Error('timed out')))
      req.on('error', (e) => record(null, e.message))
      req.end()
    })
    inFlight.add(sent)
    void sent.then(() => inFlight.delete(sent))
  }

  /** Opens a channel (the watch request's body already checked); answers the Channel resource. */
  const open = (calendarId: string, body: { id: string; address: string; token?: string; expiration?: number }): GoogleChannel => {
    const now = Date.now()
    const wanted = body.expiration === undefined ? now + CHANNEL_DEFAULT_MS : Math.min(body.expiration, now + CHANNEL_DEFAULT_MS)
    const channel: GoogleChannel = {
      id: body.id,
      calendarId,
      address: body.address,
      token: body.token ?? null,
      expiration: wanted,
      resourceId: createHash('sha256').update(`events:${calendarId}`).digest('base64url').slice(0, 27),
      resourceUri: options.resourceUri(calendarId),
      messageNumber: 0,
    }
    live()
    if (channels.size >= CHANNEL_LIMIT) throw new Error('too many open channels in the Google stand-in')
    channels.set(channel.id, channel)
    post(channel, 'sync')
    return channel
  }

  return {
    open,
    has: (id: string): boolean => live().some((c) => c.id === id),
    /** channels.stop: true if a channel with this id and resourceId was open. */
    stop: (id: string, resourceId: string): boolean => {
      const c = channels.get(id)
      if (c === undefined || c.resourceId !== resourceId) return false
      channels.delete(id)
      return true
    },
    /** Sends `exists` to every open channel on this calendar. */
    changed: (calendarId: string): void => {
      for (const c of live()) if (c.calendarId === calendarId) post(c, 'exists')
    },
    active: (): ReadonlyArray<GoogleChannel> => live(),
    expire: (id: string): void => {
      const c = channels.get(id)
      if (c === undefined) throw new Error(`no channel ${id}`)
      c.expiration = Date.now()
      live()
    },
    deliveries: deliveries as ReadonlyArray<GoogleDelivery>,
    /** Resolves when every notification sent so far has been answered (or failed). */
    settle: async (): Promise<void> => {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
