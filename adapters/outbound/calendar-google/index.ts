/** Google Calendar over OAuth 2.0: `createGoogleCalendar` (consent with PKCE, tokens, calendars, push and its reader, incremental sync). */
import { randomUUID } from 'node:crypto'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarOAuth } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarProvider, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { newPkce } from '../oauth-pkce/index.js'
import { type GoogleCalendarDeps, withDefaults } from './deps.js'
import * as oauth from './oauth.js'
import * as push from './push.js'
import { googlePushReader } from './push-reader.js'
import { fetchEvents } from './sync.js'

export {
  GOOGLE_API_BASE_URL,
  GOOGLE_AUTHORIZE_URL,
  GOOGLE_SCOPES,
  GOOGLE_TOKEN_URL,
  GOOGLE_USERINFO_URL,
  type GoogleCalendarDeps,
  type GoogleFetch,
} from './deps.js'
export { googleChannelId, type GoogleNotification, readGoogleNotification } from './push.js'
export { googlePushReader } from './push-reader.js'

export const createGoogleCalendar = (deps: GoogleCalendarDeps): { readonly oauth: CalendarOAuth; readonly provider: CalendarProvider } => {
  const s = withDefaults(deps, randomUUID)
  const sync = fetchEvents(s)
  return {
    oauth: {
      provider: 'google',
      newPkce,
      authorizationUrl: (request) => oauth.authorizationUrl(s, request),
      exchangeCode: (code, verifier) => oauth.exchangeCode(s, code, verifier),
      refresh: (grant) => oauth.refresh(s, grant),
      accountEmail: (accessToken) => oauth.accountEmail(s, accessToken),
      calendars: (accessToken) => oauth.calendars(s, accessToken),
      watch: (accessToken, calendarId, address, token) => push.watch(s, accessToken, calendarId, address, token),
      stopWatch: (accessToken, channel) => push.stopWatch(s, accessToken, channel),
      push: googlePushReader,
    },
    provider: {
      kind: 'google',
      fetchEvents: (source, window, cursor) =>
        source.kind === 'google' ? sync(source, window, cursor) : TE.left(calendarFailure(`The Google Calendar provider cannot read a ${source.kind} source.`, false)),
    },
  }
}
