import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarEvent, CalendarFailure, CalendarPage, CalendarWindow, OAuthCalendarSource } from '../../../src/core/ports/calendar-provider.js'
import { calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { type GoogleCursor, covers, decodeCursor, encodeCursor, fullSyncEnd } from './cursor.js'
import type { GoogleSettings } from './deps.js'
import { type GoogleEvent, toCalendarEvent } from './events.js'
import { apiFailure, googleCall } from './http.js'

/** At most this many pages (of 250 events) per read. */
const MAX_PAGES = 200
const PAGE_SIZE = '250'

interface Listing {
  readonly items: ReadonlyArray<GoogleEvent>
  readonly nextSyncToken: string
}

type ListResult = E.Either<CalendarFailure | 'gone', Listing>

/** events.list with `params`, every page followed; 'gone' when Google answers 410 (the token expired). */
const listAll = async (s: GoogleSettings, source: OAuthCalendarSource, params: Record<string, string>): Promise<ListResult> => {
  const items: GoogleEvent[] = []
  let pageToken: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${s.apiBaseUrl}/calendars/${encodeURIComponent(source.calendarId)}/events`)
    for (const [k, v] of Object.entries({ ...params, singleEvents: 'true', maxResults: PAGE_SIZE })) url.searchParams.set(k, v)
    if (pageToken !== null) url.searchParams.set('pageToken', pageToken)
    const answer = await googleCall(s, { url: url.toString(), accessToken: source.accessToken })()
    if (E.isLeft(answer)) return answer
    if (answer.right.status === 410) return E.left('gone')
    if (answer.right.status !== 200) return E.left(apiFailure(answer.right))
    const j = (answer.right.json ?? {}) as { items?: unknown; nextPageToken?: unknown; nextSyncToken?: unknown }
    if (Array.isArray(j.items)) items.push(...(j.items as GoogleEvent[]))
    if (typeof j.nextPageToken === 'string') {
      pageToken = j.nextPageToken
      continue
    }
    if (typeof j.nextSyncToken !== 'string') return E.left(calendarFailure('Google Calendar answered without a sync token; the next sync tries again.', true))
    return E.right({ items, nextSyncToken: j.nextSyncToken })
  }
  return E.left(calendarFailure(`The Google calendar has more than ${MAX_PAGES * Number(PAGE_SIZE)} events in the sync window; this server reads no more.`, false))
}

const mapped = (items: ReadonlyArray<GoogleEvent>, ownerEmail: string | null): { events: CalendarEvent[]; warnings: string[] } => {
  const events: CalendarEvent[] = []
  let skipped = 0
  for (const item of items) {
    const e = toCalendarEvent(item, ownerEmail)
    if (e === null) skipped++
    else events.push(e)
  }
  const warnings = skipped === 0 ? [] : [`${skipped} ${skipped === 1 ? 'event has' : 'events have'} no readable id or start time and ${skipped === 1 ? 'was' : 'were'} left out; the rest was synced.`]
  return { events, warnings }
}

const snapshot = async (s: GoogleSettings, source: OAuthCalendarSource, window: CalendarWindow): Promise<E.Either<CalendarFailure, CalendarPage>> => {
  const from = new Date(window.from).toISOString()
  const to = fullSyncEnd(window.to)
  // A page token can expire in the middle of a full sync too: start over once.
  for (let tries = 0; tries < 2; tries++) {
    const listed = await listAll(s, source, { timeMin: from, timeMax: to })
    if (E.isLeft(listed) && listed.left === 'gone') continue
    if (E.isLeft(listed)) return E.left(listed.left as CalendarFailure)
    const { events, warnings } = mapped(
      listed.right.items.filter((i) => i.status !== 'cancelled'),
      source.ownerEmail,
    )
    return E.right({ mode: 'snapshot', events, removedIds: [], cursor: encodeCursor({ syncToken: listed.right.nextSyncToken, from, to }), warnings })
  }
  return E.left(calendarFailure('Google Calendar kept asking for a full sync; the next sync tries again.', true))
}

/**
 * Changes since the token. Deleted events and cancelled occurrences come back
 * as removedIds; a changed event that now starts after what the full sync read
 * is removed too (the full sync that reaches it reads it again), and one that
 * now ends before it is left alone.
 */
const delta = async (s: GoogleSettings, source: OAuthCalendarSource, cursor: GoogleCursor): Promise<E.Either<CalendarFailure | 'gone', CalendarPage>> => {
  const listed = await listAll(s, source, { syncToken: cursor.syncToken })
  if (E.isLeft(listed)) return listed
  const removedIds: string[] = []
  const { events, warnings } = mapped(
    listed.right.items.filter((i) => {
      if (i.status !== 'cancelled') return true
      if (typeof i.id === 'string') removedIds.push(i.id)
      return false
    }),
    source.ownerEmail,
  )
  const from = Date.parse(cursor.from)
  const to = Date.parse(cursor.to)
  const kept = events.filter((e) => {
    const start = Date.parse(e.startsAt)
    if (start >= to) removedIds.push(e.externalId)
    return start < to && start + e.durationMinutes * 60_000 > from
  })
  return E.right({ mode: 'delta', events: kept, removedIds, cursor: encodeCursor({ ...cursor, syncToken: listed.right.nextSyncToken }), warnings })
}

/**
 * CalendarProvider.fetchEvents for a Google calendar: a full sync (snapshot)
 * without a usable cursor, else Google's incremental sync (delta); an expired
 * token (410 Gone) falls back to a full sync in the same call.
 */
export const fetchEvents =
  (s: GoogleSettings) =>
  (source: OAuthCalendarSource, window: CalendarWindow, cursorText: string | null): TE.TaskEither<CalendarFailure, CalendarPage> =>
  async () => {
    const cursor = cursorText === null ? null : decodeCursor(cursorText)
    if (cursor !== null && covers(cursor, window)) {
      const page = await delta(s, source, cursor)
      if (E.isRight(page) || page.left !== 'gone') return page as E.Either<CalendarFailure, CalendarPage>
      s.logger?.info('Google sync token expired; reading the calendar in full')
    }
    return snapshot(s, source, window)
  }
