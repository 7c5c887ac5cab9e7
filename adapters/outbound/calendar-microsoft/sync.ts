import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import {
  type CalendarEvent,
  type CalendarFailure,
  type CalendarPage,
  type CalendarSource,
  type CalendarWindow,
  calendarFailure,
} from '../../../src/core/ports/calendar-provider.js'
import type { Settings } from './deps.js'
import { mapEvent } from './events.js'
import { callWithRetries, fromGraphStatus, fromNet, graphHeaders, jsonOf, onGraph } from './http.js'

/**
 * Incremental sync with Graph's calendarView delta: a first round over the
 * window (every page, @odata.nextLink) answers a snapshot and keeps the last
 * page's @odata.deltaLink in the cursor; later rounds from it answer what
 * changed (`@removed` items are removedIds). A delta link names its window,
 * so the round covers the window rounded out to whole days (a day more
 * ahead): the cursor serves while the asked window stays inside it, then a
 * new snapshot starts. An expired link (410) falls back to a snapshot in the
 * same call.
 */
interface Cursor {
  readonly v: 1
  readonly calendarId: string
  readonly from: string
  readonly to: string
  readonly deltaLink: string
}

const DAY = 86_400_000
const MAX_PAGES = 200
const WHAT = 'read the calendar'

const readCursor = (raw: string | null): Cursor | null => {
  if (raw === null) return null
  try {
    const c = JSON.parse(raw) as Partial<Cursor>
    return c.v === 1 && typeof c.calendarId === 'string' && typeof c.from === 'string' && typeof c.to === 'string' && typeof c.deltaLink === 'string' ? (c as Cursor) : null
  } catch {
    return null
  }
}

/** The window a round covers: from the day the asked window starts to a day past the day it ends. */
const coveringWindow = (w: CalendarWindow): CalendarWindow => {
  const from = Math.floor(Date.parse(w.from) / DAY) * DAY
  const to = Math.ceil(Date.parse(w.to) / DAY) * DAY + DAY
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
}

const covers = (c: Cursor, calendarId: string, w: CalendarWindow): boolean =>
  c.calendarId === calendarId && Date.parse(c.from) <= Date.parse(w.from) && Date.parse(w.to) <= Date.parse(c.to)

type Round = { readonly gone: true } | { readonly gone: false; readonly items: Record<string, unknown>[]; readonly deltaLink: string }

export const fetchEvents =
  (s: Settings) =>
  (source: CalendarSource, window: CalendarWindow, rawCursor: string | null): TE.TaskEither<CalendarFailure, CalendarPage> =>
  async () => {
    if (source.kind !== 'microsoft') return E.left(calendarFailure('This calendar is not a Microsoft 365 calendar.', false))
    const cursor = readCursor(rawCursor)
    if (cursor !== null && covers(cursor, source.calendarId, window) && onGraph(s, cursor.deltaLink)) {
      const delta = await round(s, source.accessToken, cursor.deltaLink)
      if (E.isLeft(delta)) return delta
      if (!delta.right.gone) return E.right(page(s, 'delta', delta.right.items, source.ownerEmail, { ...cursor, deltaLink: delta.right.deltaLink }))
      s.logger?.info({ calendar: 'microsoft' }, 'delta link expired (410): reading the calendar anew')
    }
    const covering = coveringWindow(window)
    const first = `${s.graphBaseUrl}/me/calendars/${encodeURIComponent(source.calendarId)}/calendarView/delta?${new URLSearchParams({ startDateTime: covering.from, endDateTime: covering.to }).toString()}`
    const snapshot = await round(s, source.accessToken, first)
    if (E.isLeft(snapshot)) return snapshot
    if (snapshot.right.gone) return E.left(calendarFailure('Microsoft could not start reading the calendar (HTTP 410). It will be tried again.', true))
    const next: Cursor = { v: 1, calendarId: source.calendarId, ...covering, deltaLink: snapshot.right.deltaLink }
    return E.right(page(s, 'snapshot', snapshot.right.items, source.ownerEmail, next))
  }

const page = (s: Settings, mode: CalendarPage['mode'], items: Record<string, unknown>[], ownerEmail: string | null, cursor: Cursor): CalendarPage => {
  // An item may come twice in a round when it changed while the round was paged: the later one wins.
  const latest = new Map<string, CalendarEvent | 'removed'>()
  const notes: string[] = []
  for (const item of items) {
    const id = typeof item['id'] === 'string' ? item['id'] : ''
    if (id === '') continue
    if (item['@removed'] !== undefined) {
      latest.set(id, 'removed')
      continue
    }
    const mapped = mapEvent(item, ownerEmail)
    if (mapped.ok) latest.set(id, mapped.event)
    else notes.push(mapped.warning)
  }
  const events = [...latest.values()].filter((e): e is CalendarEvent => e !== 'removed')
  // A snapshot lists what is there: an item removed within the round is simply absent.
  const removedIds = mode === 'delta' ? [...latest].filter(([, e]) => e === 'removed').map(([id]) => id) : []
  const warnings = notes.length === 0 ? [] : [`${notes.length} event${notes.length === 1 ? '' : 's'} could not be read and ${notes.length === 1 ? 'was' : 'were'} left out; the rest was synced.`, ...notes.slice(0, 19)]
  if (notes.length > 0) s.logger?.warn({ calendar: 'microsoft', unreadable: notes.length }, 'events left out')
  return { mode, events, removedIds, cursor: JSON.stringify(cursor), warnings }
}

/** Every page of one delta round, from its first link to the page with @odata.deltaLink. */
const round = async (s: Settings, accessToken: string, firstLink: string): Promise<E.Either<CalendarFailure, Round>> => {
  const items: Record<string, unknown>[] = []
  let link = firstLink
  for (let pageCount = 0; pageCount < MAX_PAGES; pageCount++) {
    const answer = await callWithRetries(s, link, {
      method: 'GET',
      headers: graphHeaders(accessToken, { prefer: `odata.maxpagesize=${s.pageSize}, outlook.timezone="UTC"` }),
    })()
    if (E.isLeft(answer)) return E.left(fromNet(WHAT, answer.left))
    const r = answer.right
    if (r.status === 410) return E.right({ gone: true })
    if (r.status !== 200) return E.left(fromGraphStatus(WHAT, r))
    const json = jsonOf(r)
    const value = json?.['value']
    if (json === null || !Array.isArray(value)) return E.left({ ...calendarFailure('Microsoft answered the calendar in a way that could not be read. It will be tried again.', true), cause: 'delta page unreadable' })
    for (const item of value) if (typeof item === 'object' && item !== null) items.push(item as Record<string, unknown>)
    const nextLink = json['@odata.nextLink']
    const deltaLink = json['@odata.deltaLink']
    if (typeof deltaLink === 'string' && onGraph(s, deltaLink)) return E.right({ gone: false, items, deltaLink })
    if (typeof nextLink !== 'string' || !onGraph(s, nextLink)) {
      return E.left({ ...calendarFailure('Microsoft answered the calendar in a way that could not be read. It will be tried again.', true), cause: 'delta page without a Graph next or delta link' })
    }
    link = nextLink
  }
  return E.left(calendarFailure(`The calendar has more than ${MAX_PAGES} pages of changes; it could not be read in one sync.`, true))
}
