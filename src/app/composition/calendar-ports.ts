import type { Logger } from 'pino'
import type { CalendarSyncSettings } from '../../core/domain/meetings/calendar-connection.js'
import type { CalendarProvider } from '../../core/ports/calendar-provider.js'
import { createIcsProvider, type FeedParser } from '../../../adapters/outbound/calendar-ics/index.js'
import { safeFetch } from '../../../adapters/outbound/net/index.js'

export interface CalendarWiring {
  /** NOTETAKER_ALLOW_PRIVATE_URLS: also read feeds on private and loopback addresses, over http too (development, tests). */
  readonly allowPrivate: boolean
  readonly settings: CalendarSyncSettings
  /** Bound on one feed download, all hops included. Default 20 s. */
  readonly timeoutMs?: number
  /** Largest feed read. Default 10 MB; a bigger one fails its sync with a readable lastError. */
  readonly maxBytes?: number
  /** Reads a downloaded feed: the process's CPU pool's reader (processing-adapters.ts), off the event loop that answers requests. Default: on this thread. */
  readonly parse?: FeedParser
  readonly logger?: Logger
}

/**
 * The calendar ports: the iCalendar provider over the guarded fetcher (so a
 * feed address cannot reach internal services unless allowPrivate), and the
 * sync settings. Syncs themselves run as `calendar.sync` jobs on the worker;
 * the feed is read on the CPU pool when `parse` is its reader.
 */
export const calendarPorts = (w: CalendarWiring): { calendars: ReadonlyArray<CalendarProvider>; calendarSync: CalendarSyncSettings } => {
  const limits = { allowPrivate: w.allowPrivate, timeoutMs: w.timeoutMs ?? 20_000, maxBytes: w.maxBytes ?? 10 * 1024 * 1024 }
  const ics = createIcsProvider({
    allowPrivate: w.allowPrivate,
    fetch: (url) => safeFetch(url, { ...limits, headers: { accept: 'text/calendar, */*;q=0.5' } }),
    ...(w.parse === undefined ? {} : { parse: w.parse }),
    ...(w.logger === undefined ? {} : { logger: w.logger }),
  })
  return { calendars: [ics], calendarSync: w.settings }
}
