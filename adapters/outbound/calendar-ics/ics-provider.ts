import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { Logger } from 'pino'
import {
  type CalendarFailure,
  type CalendarPage,
  type CalendarProvider,
  type CalendarWindow,
  calendarFailure,
} from '../../../src/core/ports/calendar-provider.js'
import type { NetFailure } from '../net/net-failure.js'
import type { SafeResponse } from '../net/safe-fetch.js'
import { vetFeedUrl } from './feed-url-policy.js'
import { type IcsParseOptions, type IcsParseResult, parseIcs } from './parse-ics.js'

/** Fetches one URL without following redirects: safeFetch with the deployment's limits bound in. */
export type FeedFetch = (url: string) => TE.TaskEither<NetFailure, SafeResponse>

/**
 * Reads a feed's text into events (parseIcs), here or elsewhere. When the
 * signal aborts, a reader that can stop (the CPU pool's, which terminates its
 * thread) answers a CalendarFailure saying why, in the signal's reason.
 */
export type FeedParser = (
  text: string,
  window: CalendarWindow,
  options: IcsParseOptions,
  run?: { readonly signal?: AbortSignal },
) => TE.TaskEither<CalendarFailure, IcsParseResult>

/**
 * parseIcs on the calling thread: for tests and embedding. It cannot be
 * stopped part way (it is synchronous) and holds the event loop while it
 * reads; the server uses the CPU pool's reader (src/app/composition/calendar-ports.ts).
 */
export const parseFeedHere: FeedParser = (text, window, options) => async () => parseIcs(text, window, options)

/** How long one feed may take to read before it is stopped (a 10 MB feed of 20,000 events takes about 3-9 s). */
export const FEED_PARSE_TIMEOUT_MS = 60_000

export interface IcsProviderDeps {
  readonly fetch: FeedFetch
  /**
   * NOTETAKER_ALLOW_PRIVATE_URLS, for screening addresses when they are
   * connected (vetSource); pass the same value `fetch` uses. It allows http
   * and private addresses, never cloud metadata services.
   */
  readonly allowPrivate: boolean
  /** Redirects followed, each through `fetch` so every hop is vetted again. Default 3. */
  readonly maxRedirects?: number
  /** Reads the downloaded text. Default parseFeedHere; the server passes the CPU pool's. */
  readonly parse?: FeedParser
  /** The time limit on reading one feed (FEED_PARSE_TIMEOUT_MS by default); a reader that can stop is stopped then. */
  readonly parseTimeoutMs?: number
  readonly logger?: Logger
}

/** webcal:// is how calendar apps spell "subscribe to this https feed". */
const httpsAddress = (url: string): string => url.trim().replace(/^webcals?:\/\//i, 'https://')

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

/**
 * Every message here becomes the connection's lastError, which the account
 * reads: it names neither the feed's address nor its host (a feed address is a
 * secret in full), so network failures are told in their host-free words.
 */
const fromNet = (failure: NetFailure): CalendarFailure =>
  calendarFailure(`Could not fetch the calendar feed: ${lowerFirst(failure.hostless)}`, failure.kind === 'timeout' || failure.kind === 'network')

const fromStatus = (status: number): CalendarFailure => {
  if (status === 404 || status === 410) {
    return calendarFailure(`The calendar feed was not found (HTTP ${status}); the secret address may have been reset.`, false)
  }
  if (status === 401 || status === 403) {
    return calendarFailure(`The calendar feed refused access (HTTP ${status}); the secret address may have been reset.`, false)
  }
  const retryable = status === 408 || status === 429 || status >= 500
  return calendarFailure(`The calendar feed answered HTTP ${status}.`, retryable)
}

const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/**
 * What the account sees of a read that left things out: a count first
 * ("3 events could not be read and were left out."), then one note each.
 */
export const feedWarnings = (result: Pick<IcsParseResult, 'skipped' | 'notes'>): string[] => {
  const { skipped, notes } = result
  if (skipped.length === 0 && notes.length === 0) return []
  const events = skipped.length === 0 ? null : `${counted(skipped.length, 'event', 'events')} could not be read and ${skipped.length === 1 ? 'was' : 'were'} left out`
  const parts = notes.length === 0 ? null : `${counted(notes.length, 'part', 'parts')} of the feed could not be read in full`
  const summary = [events, parts].filter((x) => x !== null).join('; ')
  return [`${summary.charAt(0).toUpperCase()}${summary.slice(1)}; the rest was synced.`, ...skipped, ...notes]
}

const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status)

const nextHop = (location: string, base: string): E.Either<CalendarFailure, string> => {
  try {
    return E.right(new URL(location, base).toString())
  } catch {
    return E.left(calendarFailure('The calendar feed redirects to an address that is not valid.', false))
  }
}

/** Fetches the feed, following a few redirects, and returns the body of the final 200 answer. */
const download = (deps: IcsProviderDeps, url: string, hopsLeft: number): TE.TaskEither<CalendarFailure, string> =>
  pipe(
    deps.fetch(url),
    TE.mapLeft(fromNet),
    TE.flatMap((res) => {
      const location = res.headers['location']
      if (isRedirect(res.status) && location !== undefined) {
        if (hopsLeft <= 0) return TE.left(calendarFailure('The calendar feed redirects too many times.', false))
        return pipe(
          TE.fromEither(nextHop(location, url)),
          TE.flatMap((next) => download(deps, next, hopsLeft - 1)),
        )
      }
      if (res.status !== 200) return TE.left(fromStatus(res.status))
      return TE.right(res.body.toString('utf8'))
    }),
  )

const seconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`)

/** Reads the text under the time limit: its signal aborts when the limit passes, and the reader says so in words. */
const parseWithin =
  (deps: IcsProviderDeps, text: string, window: CalendarWindow, options: IcsParseOptions): TE.TaskEither<CalendarFailure, IcsParseResult> =>
  async () => {
    const limitMs = deps.parseTimeoutMs ?? FEED_PARSE_TIMEOUT_MS
    const stop = new AbortController()
    const timer = setTimeout(() => stop.abort(new Error(`it took longer than the ${seconds(limitMs)} this server gives one feed`)), limitMs)
    try {
      return await (deps.parse ?? parseFeedHere)(text, window, options, { signal: stop.signal })()
    } finally {
      clearTimeout(timer)
    }
  }

/**
 * The CalendarProvider for iCalendar feeds (`source.kind === 'ics'`). A feed
 * has no change tokens, so every call is a snapshot of the window with a null
 * cursor; the sync removes stored meetings that are no longer in it.
 */
export const createIcsProvider = (deps: IcsProviderDeps): CalendarProvider & Required<Pick<CalendarProvider, 'vetSource'>> => ({
  kind: 'ics',
  fetchEvents: (source, window) => {
    if (source.kind !== 'ics') return TE.left(calendarFailure(`The iCalendar provider cannot read a ${source.kind} source.`, false))
    return pipe(
      download(deps, httpsAddress(source.url), deps.maxRedirects ?? 3),
      TE.flatMap((text) => parseWithin(deps, text, window, { ownerEmail: source.ownerEmail })),
      TE.map((result): CalendarPage => {
        const warnings = feedWarnings(result)
        if (warnings.length > 0) deps.logger?.warn({ skipped: result.skipped, notes: result.notes }, warnings[0])
        return { mode: 'snapshot', events: result.events, removedIds: [], cursor: null, warnings, calendarName: result.calendarName }
      }),
    )
  },
  vetSource: (source) => E.map(() => source)(vetFeedUrl(source.url, deps.allowPrivate)),
})
