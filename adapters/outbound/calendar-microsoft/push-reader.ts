import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { PushNotice, PushReader } from '../../../src/core/ports/calendar-oauth.js'
import { type MicrosoftNotice, microsoftValidationRequest, readMicrosoftNotification } from './notification.js'

/** Lifecycle events that end or endanger a subscription: renew it or watch anew. `missed` only means changes were lost: sync. */
const REWATCH = new Set(['reauthorizationRequired', 'subscriptionRemoved'])

/** The subscription ids a body names, unchecked; none when it is not Graph's JSON. */
const subscriptionsNamed = (body: string): ReadonlyArray<string> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return []
  }
  const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['value'] : undefined
  if (!Array.isArray(value)) return []
  const ids = value.map((item: unknown) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['subscriptionId'] : undefined))
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))]
}

const pushNotice = (notice: MicrosoftNotice): PushNotice => {
  const changed = new Set(notice.changed)
  const rewatch = new Set<string>()
  for (const { subscriptionId, event } of notice.lifecycle) {
    if (REWATCH.has(event)) rewatch.add(subscriptionId)
    else if (event === 'missed') changed.add(subscriptionId)
  }
  return { changed: [...changed], rewatch: [...rewatch], refused: notice.refused }
}

/**
 * The push route's reader for Microsoft Graph: the validation handshake
 * (echo `validationToken`), then change and lifecycle notifications, each
 * item checked against its subscription's clientState.
 */
export const microsoftPushReader: PushReader = {
  validation: (request) => microsoftValidationRequest(request.query)?.echo ?? null,
  channelsNamed: (request) => subscriptionsNamed(request.body),
  check: (request, expected) =>
    pipe(
      readMicrosoftNotification(request.body, (id) => expected(id)?.token ?? null),
      E.map(pushNotice),
    ),
}
