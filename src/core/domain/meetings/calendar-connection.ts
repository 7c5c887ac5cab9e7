import * as t from 'io-ts'
import type { Rule } from './calendar-rules.js'
import type { AutoJoin } from './recording-decision.js'

/**
 * `pending`: connected, the first sync has not finished yet.
 * `active`: the last sync succeeded.
 * `error`: the last sync failed; `lastError` says why, the meetings of the
 * last good sync are kept, and the sync is tried again (sooner when the
 * failure may pass, e.g. a timeout). The next good sync makes it `active`.
 * `reauthorization_required`: the OAuth grant was revoked or expired; only
 * its account can mend it (reconnect). Meetings are kept; no sync runs until then.
 */
export type ConnectionStatus = 'pending' | 'active' | 'error' | 'reauthorization_required'

export const CONNECTION_STATUSES: Readonly<Record<ConnectionStatus, string>> = {
  pending: 'Connected; the first sync has not finished yet.',
  active: 'The last sync succeeded.',
  error: 'The last sync failed (lastError says why); the meetings of the last good sync are kept and the sync is retried.',
  reauthorization_required:
    'The calendar account\'s permission was revoked or has expired (lastError says which): reconnect it ("Reconnect" in Settings → Calendars, or POST /calendar/connections/oauth/{provider}/start with its connectionId). Its meetings are kept; it is not synced until then.',
}

/** Calendar kinds a connection can be made to (the provider field). */
export const CONNECTION_PROVIDERS = {
  ics: 'An iCalendar feed, by its secret address (https or webcal).',
  google: 'A Google Calendar, connected with OAuth (POST /calendar/connections/oauth/google/start).',
  microsoft: 'A Microsoft 365 (Outlook) calendar, connected with OAuth (POST /calendar/connections/oauth/microsoft/start).',
} as const
export type ConnectionProvider = keyof typeof CONNECTION_PROVIDERS

/** The providers connected over OAuth 2.0 rather than by a feed address. */
export type OAuthProviderKind = Exclude<ConnectionProvider, 'ics'>
export const OAUTH_PROVIDERS: ReadonlyArray<OAuthProviderKind> = ['google', 'microsoft']
export const isOAuthProvider = (p: string): p is OAuthProviderKind => (OAUTH_PROVIDERS as ReadonlyArray<string>).includes(p)

/** What people call each OAuth provider, in buttons and messages. */
export const OAUTH_PROVIDER_NAMES: Readonly<Record<OAuthProviderKind, string>> = { google: 'Google Calendar', microsoft: 'Microsoft 365' }

/** A push subscription at the provider (a Google channel, a Graph subscription) that tells us when the calendar changed. */
export interface PushChannel {
  /** Google's channel id, Graph's subscription id. */
  readonly id: string
  /** Google's resource id, needed to stop the channel; null for Graph. */
  readonly resourceId: string | null
  /** ISO date-time the provider stops sending; renewed before then. */
  readonly expiresAt: string
}

/** A connection's push channel and the token every notification must carry (sealed; compared in constant time). */
export interface ConnectionPush extends PushChannel {
  readonly sealedToken: string
}

export const AUTO_JOIN_MODES: Readonly<Record<AutoJoin, string>> = {
  all: 'Every meeting with a supported join link is recorded (unless a bar rule matches).',
  hosted: 'Only meetings whose organizer is the account email are recorded, plus those a join rule matches.',
  manual: 'Nothing is recorded automatically; only meetings a join rule matches or with recordOverride true.',
}
export const DEFAULT_AUTO_JOIN: AutoJoin = 'all'

export const AutoJoinMode = t.keyof({ all: null, hosted: null, manual: null }, 'AutoJoin')

export interface CalendarConnection {
  readonly id: string
  readonly accountId: string
  readonly provider: ConnectionProvider
  /** The account's email when connected; `hosted` compares organizers with it. */
  readonly accountEmail: string
  /** ics: `ics-` and 16 hex characters, a fingerprint of the feed address (not reversible); google, microsoft: the provider's id of the chosen calendar. */
  readonly calendarId: string
  readonly status: ConnectionStatus
  readonly autoJoin: AutoJoin
  readonly joinRules: ReadonlyArray<Rule>
  readonly barRules: ReadonlyArray<Rule>
  /** false (the default): a meeting the account declined is not recorded; true leaves it to the rules. */
  readonly recordDeclined: boolean
  /** The name the person gave the calendar; null: the feed's own (feedName). */
  readonly name: string | null
  /** The feed's name for itself (X-WR-CALNAME) from the last sync that had one, else the host of its address. */
  readonly feedName: string | null
  /** The last successful sync; null before the first. */
  readonly lastSyncedAt: string | null
  /** Why the last sync failed, in words without the feed address; null after a good one. */
  readonly lastError: string | null
  /**
   * What the last good sync could not read and left out, in words (see
   * syncWarnings); [] when it read everything. A failed sync keeps them.
   */
  readonly warnings: ReadonlyArray<string>
  readonly createdAt: string
  readonly updatedAt: string
  /**
   * What reading the calendar takes, sealed by the SecretBox and never returned:
   * ics, the feed address; google and microsoft, the OAuth grant as JSON (see OAuthGrant).
   */
  readonly sealedCredential: string
  /** The provider's incremental-sync token (Google's syncToken, Graph's delta link), sealed; never returned. */
  readonly sealedCursor: string | null
  /** The provider's push channel for this calendar; null when there is none (feeds, or no public address to push to). */
  readonly push: ConnectionPush | null
  /** When the next periodic sync is due; a queued sync for another time is stale and does nothing. */
  readonly nextSyncAt: string | null
  readonly consecutiveFailures: number
}

/** How often and how far the sync reads calendars (NOTETAKER_CALENDAR_* settings). */
export interface CalendarSyncSettings {
  readonly intervalMinutes: number
  readonly daysBack: number
  readonly daysAhead: number
}

export const DEFAULT_CALENDAR_SYNC: CalendarSyncSettings = { intervalMinutes: 15, daysBack: 7, daysAhead: 60 }

/**
 * Minutes until the next try after a failure: 1, 2, 4 ... for failures that may pass, never beyond
 * the interval; never sooner than the provider asked (Retry-After), whatever the interval.
 */
export const retryDelayMinutes = (consecutiveFailures: number, retryable: boolean, intervalMinutes: number, retryAfterSeconds?: number): number => {
  const backoff = retryable ? Math.min(intervalMinutes, 2 ** Math.max(0, consecutiveFailures - 1)) : intervalMinutes
  return retryAfterSeconds === undefined ? backoff : Math.max(backoff, Math.ceil(retryAfterSeconds / 60))
}

/** At most this many notes are kept per sync, each at most MAX_WARNING_LENGTH characters. */
export const MAX_WARNINGS = 20
export const MAX_WARNING_LENGTH = 300

const clip = (text: string): string => (text.length > MAX_WARNING_LENGTH ? `${text.slice(0, MAX_WARNING_LENGTH - 1)}…` : text)

/**
 * The warnings a connection shows for a sync's notes: the provider's summary
 * line first (e.g. "3 events could not be read and were left out"), then the
 * notes, capped, with a last line counting those that did not fit.
 */
export const syncWarnings = (notes: ReadonlyArray<string>): ReadonlyArray<string> => {
  if (notes.length <= MAX_WARNINGS) return notes.map(clip)
  const shown = notes.slice(0, MAX_WARNINGS - 1).map(clip)
  return [...shown, `…and ${notes.length - shown.length} more notes not shown.`]
}

/** Longest name a person may give a calendar, and the longest kept of a feed's own. */
export const MAX_CONNECTION_NAME_LENGTH = 100

/** A name as shown: one line, spaces collapsed, at most MAX_CONNECTION_NAME_LENGTH characters; null when nothing is left. */
export const cleanConnectionName = (text: string): string | null => {
  const one = text.replace(/[\p{Cc}\s]+/gu, ' ').trim()
  if (one === '') return null
  return one.length > MAX_CONNECTION_NAME_LENGTH ? `${one.slice(0, MAX_CONNECTION_NAME_LENGTH - 1)}…` : one
}

/** What a connection is called: the person's name for it, else the feed's, else the words for any feed. */
export const connectionName = (c: Pick<CalendarConnection, 'name' | 'feedName'>): string => c.name ?? c.feedName ?? 'Calendar feed'

/** A feed's name before its first sync: the host of its address (the rest of the address is the secret). */
export const hostNameOf = (url: string): string | null => {
  try {
    return cleanConnectionName(new URL(feedAddress(url)).hostname)
  } catch {
    return null
  }
}

/** The Conflict a store answers for the same feed connected twice by one account. */
export const DUPLICATE_CONNECTION_MESSAGE = 'This calendar is connected already; change the existing connection instead'

export const MAX_FEED_URL_LENGTH = 2048
export const MAX_RULES = 50

/** webcal:// and webcals:// are how calendar apps say "subscribe to this feed over https". */
export const feedAddress = (url: string): string => url.trim().replace(/^webcals?:\/\//i, 'https://')

// 64-bit FNV-1a: the core may not use node:crypto, and this only needs to tell feeds apart.
const FNV_OFFSET = 0xcbf29ce484222325n
const FNV_PRIME = 0x100000001b3n
const MASK = (1n << 64n) - 1n
const fnv1a64 = (text: string): string => {
  let hash = FNV_OFFSET
  for (const byte of new TextEncoder().encode(text)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK
  return hash.toString(16).padStart(16, '0')
}

const canonical = (url: string): string => {
  try {
    return new URL(feedAddress(url)).href // lowercases scheme and host, drops a default port
  } catch {
    return feedAddress(url)
  }
}

/** The same feed (however its scheme and host are spelled) gives the same id, so connecting it twice can be refused. */
export const calendarIdFor = (url: string): string => `ics-${fnv1a64(canonical(url))}`

const FEED_MESSAGE = 'must be the https, http or webcal address of an iCalendar feed'
const isFeedUrl = (s: string): boolean => {
  if (s.length > MAX_FEED_URL_LENGTH || /\s/.test(s.trim())) return false
  try {
    const url = new URL(feedAddress(s))
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The secret address of a feed: https, http or webcal(s), at most 2,048 characters. */
export const FeedUrl = new t.RefinementType<t.StringC, string, string, unknown>(
  'FeedUrl',
  (u): u is string => typeof u === 'string' && isFeedUrl(u),
  (u, c) =>
    typeof u === 'string' && isFeedUrl(u)
      ? t.success(u.trim())
      : u === undefined // reported as "is required"
        ? t.failure(u, c)
        : t.failure(u, c, FEED_MESSAGE),
  t.identity,
  t.string,
  isFeedUrl,
)
