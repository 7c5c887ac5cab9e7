import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { PushChannel } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import type { Settings } from './deps.js'
import { callWithRetries, fromGraphStatus, fromNet, graphHeaders, jsonOf } from './http.js'

/**
 * Graph change-notification subscriptions on a calendar's events. Graph keeps
 * one on Outlook events for at most 10 080 minutes (7 days); we ask a little
 * less, and `renew` (PATCH) pushes the expiry on before then. Graph checks the
 * notification address first with its validation handshake, which our route
 * answers (see notification.ts).
 */
export const SUBSCRIPTION_MINUTES = 10_000

const expiry = (s: Settings): string => new Date(s.clock().getTime() + SUBSCRIPTION_MINUTES * 60_000).toISOString()

const subscriptionUrl = (s: Settings, id: string): string => `${s.graphBaseUrl}/subscriptions/${encodeURIComponent(id)}`

const channelOf = (what: string, json: Record<string, unknown> | null): E.Either<CalendarFailure, PushChannel> => {
  const id = json?.['id']
  const expiresAt = json?.['expirationDateTime']
  if (typeof id !== 'string' || typeof expiresAt !== 'string') {
    return E.left({ ...calendarFailure(`Microsoft answered in a way that could not be read when trying to ${what}.`, true), cause: `${what}: unreadable subscription` })
  }
  return E.right({ id, resourceId: null, expiresAt: new Date(expiresAt).toISOString() })
}

export const watch =
  (s: Settings) =>
  (accessToken: string, calendarId: string, address: string, token: string): TE.TaskEither<CalendarFailure, PushChannel> =>
  async () => {
    const what = 'ask for change notifications'
    const body = JSON.stringify({
      changeType: 'created,updated,deleted',
      notificationUrl: address,
      // Lifecycle notifications (reauthorizationRequired, subscriptionRemoved, missed) come to the same route, told apart by their lifecycleEvent.
      lifecycleNotificationUrl: address,
      resource: `/me/calendars/${encodeURIComponent(calendarId)}/events`,
      expirationDateTime: expiry(s),
      clientState: token,
    })
    const answer = await callWithRetries(s, `${s.graphBaseUrl}/subscriptions`, {
      method: 'POST',
      headers: graphHeaders(accessToken, { 'content-type': 'application/json' }),
      body,
    })()
    if (E.isLeft(answer)) return E.left(fromNet(what, answer.left))
    const r = answer.right
    if (r.status === 400) {
      // Most often the validation handshake failed: the notification address did not echo the token.
      return E.left({ ...calendarFailure('Microsoft could not set up change notifications: it could not confirm this server\'s notification address. The calendar is still synced periodically.', true), cause: 'subscription refused (HTTP 400)' })
    }
    if (r.status !== 201 && r.status !== 200) return E.left(fromGraphStatus(what, r))
    return channelOf(what, jsonOf(r))
  }

/** Moves a subscription's expiry on (Graph's PATCH); a subscription that has already ended answers a failure, and the caller watches anew. */
export const renew =
  (s: Settings) =>
  (accessToken: string, channel: PushChannel): TE.TaskEither<CalendarFailure, PushChannel> =>
  async () => {
    const what = 'renew change notifications'
    const answer = await callWithRetries(s, subscriptionUrl(s, channel.id), {
      method: 'PATCH',
      headers: graphHeaders(accessToken, { 'content-type': 'application/json' }),
      body: JSON.stringify({ expirationDateTime: expiry(s) }),
    })()
    if (E.isLeft(answer)) return E.left(fromNet(what, answer.left))
    if (answer.right.status !== 200) return E.left(fromGraphStatus(what, answer.right, 'the subscription has ended; ask for notifications anew'))
    return channelOf(what, jsonOf(answer.right))
  }

/** Deletes a subscription; one Graph no longer knows (404) is as good as stopped. */
export const stopWatch =
  (s: Settings) =>
  (accessToken: string, channel: PushChannel): TE.TaskEither<CalendarFailure, void> =>
  async () => {
    const answer = await callWithRetries(s, subscriptionUrl(s, channel.id), { method: 'DELETE', headers: graphHeaders(accessToken) })()
    if (E.isLeft(answer)) return E.left(fromNet('stop change notifications', answer.left))
    const status = answer.right.status
    return status === 204 || status === 200 || status === 404 ? E.right(undefined) : E.left(fromGraphStatus('stop change notifications', answer.right))
  }
