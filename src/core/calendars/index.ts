/** Calendar connections: ICS feeds and Google and Microsoft calendars over OAuth, their auto-join mode and rules, and the sync (periodic, and pushed by the providers) that keeps their meetings. */
import { type CalendarSyncSettings, DEFAULT_CALENDAR_SYNC, OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS } from '../domain/meetings/calendar-connection.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { CalendarOAuth } from '../ports/calendar-oauth.js'
import type { CalendarProvider, OAuthProviderKind } from '../ports/calendar-provider.js'
import type { Clock } from '../ports/clock.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { Ids } from '../ports/ids.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import type { SecretBox } from '../ports/secret-box.js'
import { countUpcomingMeetings } from './count-upcoming-meetings.js'
import { createCalendarConnection } from './create-calendar-connection.js'
import { deleteCalendarConnection } from './delete-calendar-connection.js'
import { findOwnConnection, listConnections } from './find-calendar-connection.js'
import type { MeetingChangeListener } from '../meetings/index.js'
import { queueConnectionSync } from './queue-connection-sync.js'
import { calendarSyncHandler } from './sync-calendar-handler.js'
import { syncCalendarConnection } from './sync-calendar-connection.js'
import { CALENDAR_SYNC_JOB } from './sync-calendar-job.js'
import { updateCalendarConnection } from './update-calendar-connection.js'
import { finishOAuthConnection } from './finish-oauth-connection.js'
import { listProviderCalendars } from './provider-calendars.js'
import { receiveCalendarPush } from './receive-calendar-push.js'
import { startOAuthConnection } from './start-oauth-connection.js'
import type { OwnerNotices } from './owner-notices.js'

export interface CalendarConnectionPorts {
  readonly calendarConnections: CalendarConnectionStore
  readonly meetings: MeetingStore
  readonly accounts: AccountStore
  readonly secretBox: SecretBox
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
  /** Providers by kind; none means connections can be made but their syncs fail with a readable lastError. */
  readonly calendars?: ReadonlyArray<CalendarProvider>
  /** The OAuth side of each configured provider (Google, Microsoft); a provider without one cannot be connected. */
  readonly calendarOAuth?: ReadonlyArray<CalendarOAuth>
  /**
   * The settings that set up each OAuth provider, named in the 422 a provider
   * that is not configured answers (e.g. NOTETAKER_GOOGLE_CLIENT_ID, …).
   */
  readonly calendarOAuthSettings?: Readonly<Record<OAuthProviderKind, ReadonlyArray<string>>>
  /**
   * Where providers push change notifications for a kind (the public push route's
   * full address); null: no public address is known, so calendars are only synced periodically.
   */
  readonly calendarPushAddress?: (provider: OAuthProviderKind) => string | null
  /** Defaults: every 15 minutes, 7 days back to 60 days ahead. */
  readonly calendarSync?: CalendarSyncSettings
  readonly onMeetingsChanged?: MeetingChangeListener
  /** Tells owners (webhooks) when a calendar's grant needs renewing. */
  readonly events?: EventPublisher
  /** Tells owners in the app (and by mail) when a calendar's grant needs renewing. */
  readonly tellOwner?: OwnerNotices
}

/** An OAuth provider as the web app offers it: its name, and whether this server is set up to connect it. */
export interface OAuthProviderOffer {
  readonly provider: OAuthProviderKind
  readonly name: string
  readonly configured: boolean
}

/** Calendar connections, their settings, and the sync job (`calendar.sync`). */
export const calendarConnectionUseCases = (ports: CalendarConnectionPorts) => {
  const syncDeps = { ...ports, calendars: ports.calendars ?? [], calendarSync: ports.calendarSync ?? DEFAULT_CALENDAR_SYNC }
  return {
    create: createCalendarConnection(ports),
    list: listConnections(ports),
    get: findOwnConnection(ports),
    upcomingMeetings: countUpcomingMeetings(ports),
    update: updateCalendarConnection(ports),
    remove: deleteCalendarConnection(ports),
    requestSync: queueConnectionSync(ports),
    /** The OAuth providers and whether each is set up here. */
    oauthProviders: (): ReadonlyArray<OAuthProviderOffer> =>
      OAUTH_PROVIDERS.map((provider) => ({ provider, name: OAUTH_PROVIDER_NAMES[provider], configured: ports.calendarOAuth?.some((o) => o.provider === provider) ?? false })),
    startOAuth: startOAuthConnection(ports),
    finishOAuth: finishOAuthConnection(ports),
    /** The calendars an OAuth connection's grant can read (PATCH calendarId chooses one). */
    providerCalendars: listProviderCalendars(ports),
    /** The public push route: a provider's notification queues a sync of the connection it names. */
    receivePush: receiveCalendarPush(ports),
    /** Runs one sync now, as the job does (for the CLI and tests). */
    syncNow: syncCalendarConnection(syncDeps),
    jobHandlers: { [CALENDAR_SYNC_JOB]: calendarSyncHandler(syncDeps) } as Readonly<Record<string, JobHandler>>,
  }
}

export type CalendarConnectionUseCases = ReturnType<typeof calendarConnectionUseCases>

export { ownerNotices } from './owner-notices.js'
