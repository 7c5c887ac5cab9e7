import { createHash, timingSafeEqual } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { PushChannel } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import type { GoogleSettings } from './deps.js'
import { apiFailure, googleCall } from './http.js'

/** Opens a web_hook channel on the calendar's events (events.watch); Google picks the expiry (at most a week). */
export const watch = (s: GoogleSettings, accessToken: string, calendarId: string, address: string, token: string): TE.TaskEither<CalendarFailure, PushChannel> =>
  pipe(
    googleCall(s, {
      url: `${s.apiBaseUrl}/calendars/${encodeURIComponent(calendarId)}/events/watch`,
      accessToken,
      json: { id: s.newChannelId(), type: 'web_hook', address, token },
    }),
    TE.flatMap((answer) => {
      if (answer.status !== 200) return TE.left(apiFailure(answer))
      const j = (answer.json ?? {}) as { id?: unknown; resourceId?: unknown; expiration?: unknown }
      const expiration = Number(j.expiration)
      if (typeof j.id !== 'string' || typeof j.resourceId !== 'string' || !Number.isFinite(expiration)) {
        return TE.left(calendarFailure('Google answered the push subscription in a form this server cannot read.', true))
      }
      return TE.right({ id: j.id, resourceId: j.resourceId, expiresAt: new Date(expiration).toISOString() })
    }),
  )

/** Stops a channel (channels.stop); one Google no longer knows is stopped already. */
export const stopWatch = (s: GoogleSettings, accessToken: string, channel: PushChannel): TE.TaskEither<CalendarFailure, void> =>
  pipe(
    googleCall(s, { url: `${s.apiBaseUrl}/channels/stop`, accessToken, json: { id: channel.id, resourceId: channel.resourceId ?? '' } }),
    TE.flatMap((answer) => (answer.status === 204 || answer.status === 200 || answer.status === 404 ? TE.right(undefined) : TE.left(apiFailure(answer)))),
  )

type Headers = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

const header = (headers: Headers, name: string): string | null => {
  const v = headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]
  const one = Array.isArray(v) ? v[0] : v
  return typeof one === 'string' ? one : null
}

/** The channel a notification names (X-Goog-Channel-ID), for the route to find what it expects; null when absent. */
export const googleChannelId = (headers: Headers): string | null => header(headers, 'x-goog-channel-id')

/** What a checked notification says: which channel, and whether something changed (`exists`) or the channel just opened (`sync`). */
export interface GoogleNotification {
  readonly channelId: string
  readonly resourceId: string
  readonly state: 'sync' | 'exists' | 'not_exists'
  /** true for `exists` and `not_exists`: queue a sync. `sync` only says the channel is open. */
  readonly changed: boolean
  readonly messageNumber: number | null
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

/** Compares two secrets in constant time (over their digests, so the lengths do not leak either). */
const sameSecret = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b))

/**
 * Checks a push notification's headers against the channel it names and the
 * token given to `watch`. Its body (empty) is never read: a notification only
 * means "something changed". Left: why it was refused, in words.
 */
export const readGoogleNotification = (headers: Headers, expected: { readonly channel: PushChannel; readonly token: string }): E.Either<string, GoogleNotification> => {
  const channelId = header(headers, 'x-goog-channel-id')
  const token = header(headers, 'x-goog-channel-token')
  const resourceId = header(headers, 'x-goog-resource-id')
  const state = header(headers, 'x-goog-resource-state')
  if (channelId === null || resourceId === null || state === null) return E.left('Not a Google Calendar notification: the X-Goog-Channel-ID, X-Goog-Resource-ID or X-Goog-Resource-State header is missing.')
  if (channelId !== expected.channel.id) return E.left('The notification is for a channel this connection does not have.')
  if (token === null || !sameSecret(token, expected.token)) return E.left("The notification's channel token does not match.")
  if (expected.channel.resourceId !== null && resourceId !== expected.channel.resourceId) return E.left('The notification is for a resource this channel does not watch.')
  if (state !== 'sync' && state !== 'exists' && state !== 'not_exists') return E.left(`The notification's resource state "${state.slice(0, 40)}" is not one Google sends for calendars.`)
  const number = Number(header(headers, 'x-goog-message-number'))
  return E.right({ channelId, resourceId, state, changed: state !== 'sync', messageNumber: Number.isInteger(number) && number > 0 ? number : null })
}
