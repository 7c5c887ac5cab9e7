/**
 * Microsoft 365 calendars over OAuth: `createMicrosoftCalendar(deps)` answers the CalendarOAuth and
 * CalendarProvider ports (plus `renew` for Graph subscriptions); the notification route uses
 * `microsoftValidationRequest` and `readMicrosoftNotification`.
 */
import type { CalendarOAuth, PushChannel } from '../../../src/core/ports/calendar-oauth.js'
import type { CalendarFailure, CalendarProvider } from '../../../src/core/ports/calendar-provider.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { accountEmail, calendars } from './account.js'
import { type MicrosoftCalendarDeps, withDefaults } from './deps.js'
import { authorizationUrl, exchangeCode, refresh } from './oauth.js'
import { renew, stopWatch, watch } from './push.js'
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

export interface MicrosoftCalendar {
  readonly oauth: CalendarOAuth
  readonly provider: CalendarProvider
  /** Moves a Graph subscription's expiry on by SUBSCRIPTION_MINUTES (PATCH); when it fails the caller watches anew and stops the old one. */
  readonly renew: (accessToken: string, channel: PushChannel) => TE.TaskEither<CalendarFailure, PushChannel>
}

export const createMicrosoftCalendar = (deps: MicrosoftCalendarDeps): MicrosoftCalendar => {
  const s = withDefaults(deps)
  return {
    oauth: {
      provider: 'microsoft',
      authorizationUrl: (request) => authorizationUrl(s, request),
      exchangeCode: (code, verifier) => exchangeCode(s, code, verifier),
      refresh: (grant) => refresh(s, grant),
      accountEmail: accountEmail(s),
      calendars: calendars(s),
      watch: watch(s),
      stopWatch: stopWatch(s),
    },
    provider: { kind: 'microsoft', fetchEvents: fetchEvents(s) },
    renew: renew(s),
  }
}
