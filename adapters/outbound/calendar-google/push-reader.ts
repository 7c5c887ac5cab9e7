import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { PushReader } from '../../../src/core/ports/calendar-oauth.js'
import { googleChannelId, readGoogleNotification } from './push.js'

/**
 * The push route's reader for Google: no validation handshake, one channel
 * per request (X-Goog-Channel-ID), checked by readGoogleNotification. A
 * `sync` notification only says the channel opened, so nothing changed.
 */
export const googlePushReader: PushReader = {
  validation: () => null,
  channelsNamed: (request) => {
    const id = googleChannelId(request.headers)
    return id === null || id === '' ? [] : [id]
  },
  check: (request, expected) => {
    const id = googleChannelId(request.headers)
    if (id === null || id === '') return E.left('Not a Google Calendar notification: the X-Goog-Channel-ID header is missing.')
    const wanted = expected(id)
    if (wanted === null) return E.left('The notification is for a channel no calendar connection has.')
    return pipe(
      readGoogleNotification(request.headers, wanted),
      E.map((n) => ({ changed: n.changed ? [n.channelId] : [], rewatch: [], refused: 0 })),
    )
  },
}
