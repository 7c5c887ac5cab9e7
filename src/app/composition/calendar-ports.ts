import { readFileSync } from 'node:fs'
import type { Logger } from 'pino'
import type { CalendarSyncSettings, OAuthProviderKind } from '../../core/domain/meetings/calendar-connection.js'
import type { CalendarOAuth } from '../../core/ports/calendar-oauth.js'
import type { CalendarProvider } from '../../core/ports/calendar-provider.js'
import { createGoogleCalendar, type GoogleCalendarDeps } from '../../../adapters/outbound/calendar-google/index.js'
import { createIcsProvider, type FeedParser } from '../../../adapters/outbound/calendar-ics/index.js'
import { createMicrosoftCalendar, type MicrosoftCalendarDeps } from '../../../adapters/outbound/calendar-microsoft/index.js'
import { safeFetch } from '../../../adapters/outbound/net/index.js'
import type { Config } from '../config/index.js'
import { OAUTH_PROVIDER_SETTINGS, type OAuthApp, oauthApp, pushPath } from '../config/oauth-providers.js'

/** The Google and Microsoft apps the settings set up (null: not set up), and the extra CA trusted for their addresses. */
export interface OAuthCalendarWiring {
  readonly google: (OAuthApp & Pick<GoogleCalendarDeps, 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl' | 'apiBaseUrl'>) | null
  readonly microsoft: (OAuthApp & Pick<MicrosoftCalendarDeps, 'tenant' | 'loginBaseUrl' | 'graphBaseUrl'>) | null
  /** PEM of NOTETAKER_CALENDAR_CA_FILE. */
  readonly ca?: string
}

export interface CalendarWiring {
  /** NOTETAKER_ALLOW_PRIVATE_URLS: also read feeds (and reach the OAuth providers' addresses) on private and loopback addresses, over http too (development, tests). */
  readonly allowPrivate: boolean
  readonly settings: CalendarSyncSettings
  /** Bound on one feed download, all hops included. Default 20 s. */
  readonly timeoutMs?: number
  /** Largest feed read. Default 10 MB; a bigger one fails its sync with a readable lastError. */
  readonly maxBytes?: number
  /** Reads a downloaded feed: the process's CPU pool's reader (processing-adapters.ts), off the event loop that answers requests. Default: on this thread. */
  readonly parse?: FeedParser
  /** Google and Microsoft; absent: neither. */
  readonly oauth?: OAuthCalendarWiring
  /** NOTETAKER_PUBLIC_URL ('' or absent: unset), where providers push change notifications. */
  readonly publicUrl?: string
  readonly logger?: Logger
}

export interface CalendarPorts {
  readonly calendars: ReadonlyArray<CalendarProvider>
  readonly calendarSync: CalendarSyncSettings
  readonly calendarOAuth: ReadonlyArray<CalendarOAuth>
  readonly calendarOAuthSettings: Readonly<Record<OAuthProviderKind, ReadonlyArray<string>>>
  readonly calendarPushAddress: (provider: OAuthProviderKind) => string | null
}

/** One call to Google or Microsoft (a retry inside the adapter is another call). */
const PROVIDER_TIMEOUT_MS = 15_000
/** Largest answer read from them (a page of events is far smaller). */
const PROVIDER_MAX_BYTES = 10 * 1024 * 1024

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The OAuth providers the wiring sets up, each with its OAuth side and its calendar reader. */
const oauthProviders = (w: CalendarWiring): ReadonlyArray<{ readonly oauth: CalendarOAuth; readonly provider: CalendarProvider }> => {
  const o = w.oauth
  if (o === undefined) return []
  const guarded = { allowPrivate: w.allowPrivate, ...(o.ca === undefined ? {} : { ca: o.ca }) }
  const common = { clock: () => new Date(), random: Math.random, sleep, ...(w.logger === undefined ? {} : { logger: w.logger }) }
  return [
    ...(o.google === null
      ? []
      : [createGoogleCalendar({ ...o.google, ...common, timeoutMs: PROVIDER_TIMEOUT_MS, maxBytes: PROVIDER_MAX_BYTES, fetch: (url, options) => safeFetch(url, { ...options, ...guarded }) })]),
    ...(o.microsoft === null
      ? []
      : [createMicrosoftCalendar({ ...o.microsoft, ...common, fetch: (url, request) => safeFetch(url, { ...request, ...guarded, timeoutMs: PROVIDER_TIMEOUT_MS, maxBytes: PROVIDER_MAX_BYTES }) })]),
  ]
}

/**
 * The calendar ports: the iCalendar provider over the guarded fetcher (so a
 * feed address cannot reach internal services unless allowPrivate), Google and
 * Microsoft when their apps are set up (OAuth side and calendar reader, over
 * the same fetcher with the extra CA), where their push notifications go, and
 * the sync settings. Syncs themselves run as `calendar.sync` jobs on the
 * worker; the feed is read on the CPU pool when `parse` is its reader.
 */
export const calendarPorts = (w: CalendarWiring): CalendarPorts => {
  const limits = { allowPrivate: w.allowPrivate, timeoutMs: w.timeoutMs ?? 20_000, maxBytes: w.maxBytes ?? 10 * 1024 * 1024 }
  const ics = createIcsProvider({
    allowPrivate: w.allowPrivate,
    fetch: (url) => safeFetch(url, { ...limits, headers: { accept: 'text/calendar, */*;q=0.5' } }),
    ...(w.parse === undefined ? {} : { parse: w.parse }),
    ...(w.logger === undefined ? {} : { logger: w.logger }),
  })
  const oauth = oauthProviders(w)
  const publicUrl = w.publicUrl ?? ''
  return {
    calendars: [ics, ...oauth.map((p) => p.provider)],
    calendarSync: w.settings,
    calendarOAuth: oauth.map((p) => p.oauth),
    calendarOAuthSettings: OAUTH_PROVIDER_SETTINGS,
    calendarPushAddress: (provider) => (publicUrl === '' ? null : `${publicUrl}${pushPath(provider)}`),
  }
}

/** The extra CA file's PEM; a file that cannot be read stops the start, in words. */
const readCa = (path: string): string => {
  try {
    const pem = readFileSync(path, 'utf8')
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('it holds no PEM certificate (-----BEGIN CERTIFICATE-----)')
    return pem
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (e as Error).message
    throw new Error(`NOTETAKER_CALENDAR_CA_FILE=${path} cannot be used: ${why}.`)
  }
}

/** Google and Microsoft as the settings set them up. */
export const oauthCalendarWiring = (config: Config): OAuthCalendarWiring => {
  const google = oauthApp(config, 'google')
  const microsoft = oauthApp(config, 'microsoft')
  return {
    google:
      google === null
        ? null
        : {
            ...google,
            authorizeUrl: config.NOTETAKER_GOOGLE_AUTHORIZE_URL,
            tokenUrl: config.NOTETAKER_GOOGLE_TOKEN_URL,
            userinfoUrl: config.NOTETAKER_GOOGLE_USERINFO_URL,
            apiBaseUrl: config.NOTETAKER_GOOGLE_API_BASE_URL,
          },
    microsoft:
      microsoft === null
        ? null
        : { ...microsoft, tenant: config.NOTETAKER_MICROSOFT_TENANT, loginBaseUrl: config.NOTETAKER_MICROSOFT_LOGIN_BASE_URL, graphBaseUrl: config.NOTETAKER_MICROSOFT_GRAPH_BASE_URL },
    ...(config.NOTETAKER_CALENDAR_CA_FILE === '' || (google === null && microsoft === null) ? {} : { ca: readCa(config.NOTETAKER_CALENDAR_CA_FILE) }),
  }
}

/** The calendar ports as the configuration sets them up (openAdapters). */
export const calendarPortsFor = (config: Config, options: { readonly parse?: FeedParser; readonly logger?: Logger } = {}): CalendarPorts =>
  calendarPorts({
    allowPrivate: config.NOTETAKER_ALLOW_PRIVATE_URLS,
    settings: {
      intervalMinutes: config.NOTETAKER_CALENDAR_SYNC_MINUTES,
      daysBack: config.NOTETAKER_CALENDAR_DAYS_BACK,
      daysAhead: config.NOTETAKER_CALENDAR_DAYS_AHEAD,
    },
    oauth: oauthCalendarWiring(config),
    publicUrl: config.NOTETAKER_PUBLIC_URL,
    ...options,
  })
