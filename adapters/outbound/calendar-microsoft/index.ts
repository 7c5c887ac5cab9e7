/**
 * Microsoft 365 calendars over OAuth: `createMicrosoftCalendar(deps)` answers the CalendarOAuth and
 * CalendarProvider ports; the OAuth side's `push` reads the notification route's requests, and its
 * `renewWatch` moves a Graph subscription on.
 */
import type { CalendarOAuth, PushChannel } from '../../../src/core/ports/calendar-oauth.js'
import type { CalendarFailure, CalendarProvider } from '../../../src/core/ports/calendar-provider.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { newPkce } from '../oauth-pkce/index.js'
import { accountEmail, calendars } from './account.js'
import { type MicrosoftCalendarDeps, withDefaults } from './deps.js'
import { authorizationUrl, exchangeCode, refresh } from './oauth.js'
import { renew, stopWatch, watch } from './push.js'
import { microsoftPushReader } from './push-reader.js'
import { fetchEvents } from './sync.js'

export {
  MICROSOFT_DEFAULT_TENANT,
  MICROSOFT_GRAPH_BASE_URL,
  MICROSOFT_LOGIN_BASE_URL,
  MICROSOFT_SCOPES,
  type MicrosoftCalendarDeps,
  type ProviderFetch,
} from './deps.js'
export { SUBSCRIPTION_MINUTES } from './push.js'
export { type MicrosoftNotice, microsoftValidationRequest, readMicrosoftNotification } from './notification.js'
export { microsoftPushReader } from './push-reader.js'

export interface MicrosoftCalendar {
  /** With `renewWatch`: moves a Graph subscription's expiry on by SUBSCRIPTION_MINUTES (PATCH); when it fails the caller watches anew and stops the old one. */
  readonly oauth: CalendarOAuth & { readonly renewWatch: (accessToken: string, channel: PushChannel) => TE.TaskEither<CalendarFailure, PushChannel> }
  readonly provider: CalendarProvider
}

export const createMicrosoftCalendar = (deps: MicrosoftCalendarDeps): MicrosoftCalendar => {
  const s = withDefaults(deps)
  return {
    oauth: {
      provider: 'microsoft',
      newPkce,
      authorizationUrl: (request) => authorizationUrl(s, request),
      exchangeCode: (code, verifier) => exchangeCode(s, code, verifier),
      refresh: (grant) => refresh(s, grant),
      accountEmail: accountEmail(s),
      calendars: calendars(s),
      watch: watch(s),
      stopWatch: stopWatch(s),
      renewWatch: renew(s),
      push: microsoftPushReader,
    },
    provider: { kind: 'microsoft', fetchEvents: fetchEvents(s) },
  }
}
