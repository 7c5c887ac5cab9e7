/**
 * The Google stand-in's calendars and events, in memory, and Calendar API v3's events.list over them:
 * timeMin/timeMax, singleEvents expansion, showDeleted, orderBy, pages, and sync tokens (410 once invalidated).
 */
import { apiError } from './google-http.js'
import { type EventTime, expand, instanceStamp, instantOf, type Occurrence } from './google-time.js'

export type ResponseStatus = 'needsAction' | 'declined' | 'tentative' | 'accepted'

export interface GoogleAttendee {
  readonly email: string
  readonly displayName?: string
  readonly responseStatus?: ResponseStatus
  readonly optional?: boolean
  readonly organizer?: boolean
}

export interface GoogleConferenceData {
  readonly conferenceId?: string
  readonly conferenceSolution?: { readonly key: { readonly type: string }; readonly name?: string }
  readonly entryPoints: ReadonlyArray<{ readonly entryPointType: 'video' | 'phone' | 'sip' | 'more'; readonly uri: string; readonly label?: string }>
}

/** What a test gives to create or change an event (the writable fields of Google's Event resource). */
export interface GoogleEventInput {
  readonly id?: string
  readonly status?: 'confirmed' | 'tentative'
  readonly summary?: string
  readonly description?: string
  readonly location?: string
  readonly start: EventTime
  readonly end: EventTime
  /** RRULE / EXDATE lines, e.g. ['RRULE:FREQ=WEEKLY;COUNT=4']. */
  readonly recurrence?: ReadonlyArray<string>
  readonly organizer?: { readonly email: string; readonly displayName?: string }
  readonly attendees?: ReadonlyArray<GoogleAttendee>
  readonly hangoutLink?: string
  readonly conferenceData?: GoogleConferenceData
}

export interface GoogleCalendarInput {
  readonly id: string
  readonly summary: string
  readonly primary?: boolean
  readonly timeZone?: string
  readonly accessRole?: 'owner' | 'writer' | 'reader' | 'freeBusyReader'
}

interface Stored extends Omit<GoogleEventInput, 'status'> {
  readonly id: string
  status: 'confirmed' | 'tentative' | 'cancelled'
  readonly recurringEventId?: string
  readonly originalStartTime?: EventTime
  readonly created: string
  updated: string
  sequence: number
  /** The store's change counter when this event last changed (what sync tokens compare). */
  seq: number
}

interface Calendar {
  entry: GoogleCalendarInput
  readonly events: Map<string, Stored>
}

/** What a sync token carries: the calendar, the change counter, the invalidation generation, the full sync's query. */
interface SyncState {
  readonly c: string
  readonly s: number
  readonly g: number
  readonly min?: string
  readonly max?: string
  readonly single: boolean
}

/** A page token: the query's sync state (its change counter taken at the first page) and the offset. */
interface PageState extends SyncState {
  readonly o: number
}

type Answer = { status: 200; body: unknown } | { status: number; body: ReturnType<typeof apiError> }

const HORIZON_MS = 365 * 86_400_000
const bad = (message: string, reason = 'invalid'): Answer => ({ status: 400, body: apiError(400, { reason, message }) })
const gone: Answer = { status: 410, body: apiError(410, { reason: 'fullSyncRequired', message: 'Sync token is no longer valid, a full sync is required.' }) }
export const notFound = (): Answer => ({ status: 404, body: apiError(404, { reason: 'notFound', message: 'Not Found' }) })

const encode = (o: object, prefix: string): string => prefix + Buffer.from(JSON.stringify(o)).toString('base64url')
const decode = <T>(token: string, prefix: string): T | null => {
  if (!token.startsWith(prefix)) return null
  try {
    return JSON.parse(Buffer.from(token.slice(prefix.length), 'base64url').toString('utf8')) as T
  } catch {
    return null
  }
}

/** Google's own event-id alphabet (base32hex, lowercase). */
const idFor = (n: number): string => `event${n.toString(32).padStart(4, '0')}`

export const createGoogleCalendars = (userEmail: () => string) => {
  const calendars = new Map<string, Calendar>()
  let seq = 0
  let generation = 1
  let made = 0
  const now = () => new Date().toISOString()

  const setCalendars = (list: ReadonlyArray<GoogleCalendarInput>): void => {
    const ids = new Set(list.map((c) => c.id))
    for (const id of calendars.keys()) if (!ids.has(id)) calendars.delete(id)
    for (const entry of list) {
      const held = calendars.get(entry.id)
      if (held === undefined) calendars.set(entry.id, { entry, events: new Map() })
      else held.entry = entry
    }
  }

  /** Gives a calendar a new id, its events kept (the primary calendar follows the account's email). */
  const renameCalendar = (from: string, to: string): void => {
    const held = calendars.get(from)
    if (held === undefined || from === to) return
    calendars.delete(from)
    held.entry = { ...held.entry, id: to, summary: held.entry.summary === from ? to : held.entry.summary }
    calendars.set(to, held)
  }

  /** The calendar a path names ('primary' is the signed-in user's primary calendar). */
  const calendarOf = (id: string): Calendar | undefined =>
    id === 'primary' ? [...calendars.values()].find((c) => c.entry.primary === true) : calendars.get(id)

  const must = (id: string): Calendar => {
    const c = calendarOf(id)
    if (c === undefined) throw new Error(`no calendar ${id} in the Google stand-in`)
    return c
  }

  const zoneOfCalendar = (c: Calendar): string => c.entry.timeZone ?? 'UTC'

  const touch = (e: Stored): void => {
    e.seq = ++seq
    e.updated = now()
    e.sequence += 1
  }

  const add = (calendarId: string, input: GoogleEventInput): string => {
    const c = must(calendarId)
    const id = input.id ?? idFor(++made)
    if (c.events.has(id)) throw new Error(`event ${id} exists already`)
    instantOf(input.start, zoneOfCalendar(c))
    c.events.set(id, { ...input, id, status: input.status ?? 'confirmed', created: now(), updated: now(), sequence: 0, seq: ++seq })
    return id
  }

  const change = (calendarId: string, id: string, patch: Partial<GoogleEventInput>): void => {
    const e = must(calendarId).events.get(id)
    if (e === undefined || e.status === 'cancelled') throw new Error(`no event ${id} to change`)
    Object.assign(e, patch)
    touch(e)
  }

  /** Deletes an event; a series takes its exceptions with it. */
  const cancel = (calendarId: string, id: string): void => {
    const c = must(calendarId)
    const e = c.events.get(id)
    if (e === undefined) throw new Error(`no event ${id} to cancel`)
    for (const x of [e, ...[...c.events.values()].filter((x) => x.recurringEventId === id && x.status !== 'cancelled')]) {
      x.status = 'cancelled'
      touch(x)
    }
  }

  /** The series' occurrence starting at `originalStart` (an RFC 3339 instant or a date), found in its expansion. */
  const occurrence = (c: Calendar, master: Stored, originalStart: string): Occurrence => {
    const zone = zoneOfCalendar(c)
    const at = /^\d{4}-\d{2}-\d{2}$/.test(originalStart) ? instantOf({ date: originalStart }, zone) : Date.parse(originalStart)
    const found = expand(master.start, master.end, master.recurrence ?? [], zone, at, at + 1).find((o) => instantOf(o.start, zone) === at)
    if (found === undefined) throw new Error(`series ${master.id} has no occurrence at ${originalStart}`)
    return found
  }

  /** Makes (or changes) the exception for one occurrence; answers its id (`<series>_<stamp>`). */
  const changeInstance = (calendarId: string, seriesId: string, originalStart: string, patch: Partial<Omit<GoogleEventInput, 'status'>> & { status?: 'confirmed' | 'tentative' | 'cancelled' }): string => {
    const c = must(calendarId)
    const master = c.events.get(seriesId)
    if (master?.recurrence === undefined) throw new Error(`no recurring event ${seriesId}`)
    const o = occurrence(c, master, originalStart)
    const id = `${seriesId}_${instanceStamp(o.start, zoneOfCalendar(c))}`
    const held = c.events.get(id)
    if (held !== undefined) {
      Object.assign(held, patch)
      touch(held)
      return id
    }
    const { recurrence: _, id: __, seq: ___, ...fields } = master
    c.events.set(id, { ...fields, ...o, ...patch, id, recurringEventId: seriesId, originalStartTime: o.start, status: patch.status ?? master.status, created: now(), updated: now(), sequence: 0, seq: ++seq })
    return id
  }

  const setResponse = (calendarId: string, id: string, status: ResponseStatus): void => {
    const e = must(calendarId).events.get(id)
    if (e === undefined) throw new Error(`no event ${id}`)
    const me = userEmail()
    const attendees = e.attendees ?? []
    Object.assign(e, {
      attendees: attendees.some((a) => a.email === me)
        ? attendees.map((a) => (a.email === me ? { ...a, responseStatus: status } : a))
        : [...attendees, { email: me, responseStatus: status }],
    })
    touch(e)
  }

  // ----- the API's view -----

  const render = (c: Calendar, e: Stored, at?: Occurrence, cancelled = false) => {
    const me = userEmail()
    const series = e.recurringEventId ?? (at === undefined ? undefined : e.id)
    const id = at === undefined ? e.id : `${e.id}_${instanceStamp(at.start, zoneOfCalendar(c))}`
    const common = {
      kind: 'calendar#event',
      etag: `"${e.seq}"`,
      id,
      updated: e.updated,
      ...(series === undefined ? {} : { recurringEventId: series, originalStartTime: e.originalStartTime ?? at?.start }),
    }
    if (cancelled || e.status === 'cancelled') return { ...common, status: 'cancelled' }
    const organizer = e.organizer ?? { email: c.entry.id }
    return {
      ...common,
      status: e.status,
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${c.entry.id}`).toString('base64url')}`,
      created: e.created,
      summary: e.summary,
      description: e.description,
      location: e.location,
      creator: { email: organizer.email, ...(organizer.email === me ? { self: true } : {}) },
      organizer: { ...organizer, ...(organizer.email === me ? { self: true } : {}) },
      start: at?.start ?? e.start,
      end: at?.end ?? e.end,
      ...(at === undefined && e.recurrence !== undefined ? { recurrence: e.recurrence } : {}),
      iCalUID: `${series ?? e.id}@google.com`,
      sequence: e.sequence,
      attendees: e.attendees?.map((a) => ({ ...a, responseStatus: a.responseStatus ?? 'needsAction', ...(a.email === me ? { self: true } : {}), ...(a.email === organizer.email ? { organizer: true } : {}) })),
      hangoutLink: e.hangoutLink,
      conferenceData: e.conferenceData,
      reminders: { useDefault: true },
      eventType: 'default',
    }
  }

  const overlaps = (c: Calendar, e: { start: EventTime; end: EventTime }, from: number, to: number): boolean => {
    const zone = zoneOfCalendar(c)
    return instantOf(e.end, zone) > from && instantOf(e.start, zone) < to
  }

  /** A series' instances over the window, each replaced by its exception where there is one. */
  const instances = (c: Calendar, master: Stored, from: number, to: number, cancelledToo: boolean) => {
    const zone = zoneOfCalendar(c)
    const out: Array<{ item: ReturnType<typeof render>; start: number }> = []
    for (const o of expand(master.start, master.end, master.recurrence ?? [], zone, from, to)) {
      const exception = c.events.get(`${master.id}_${instanceStamp(o.start, zone)}`)
      const cancelled = master.status === 'cancelled' || exception?.status === 'cancelled'
      if (cancelled && !cancelledToo) continue
      if (exception !== undefined && !cancelled) {
        if (overlaps(c, exception, from, to)) out.push({ item: render(c, exception), start: instantOf(exception.start, zone) })
        continue
      }
      out.push({ item: render(c, master, o, cancelled), start: instantOf(o.start, zone) })
    }
    // Exceptions moved into the window from an occurrence outside it.
    for (const e of c.events.values()) {
      if (e.recurringEventId !== master.id || e.status === 'cancelled' || master.status === 'cancelled') continue
      if (out.some((x) => x.item.id === e.id) || !overlaps(c, e, from, to)) continue
      out.push({ item: render(c, e), start: instantOf(e.start, zone) })
    }
    return out
  }

  const FORBIDDEN_WITH_SYNC = ['iCalUID', 'orderBy', 'privateExtendedProperty', 'q', 'sharedExtendedProperty', 'timeMin', 'timeMax', 'updatedMin']
  /** Filters Google has and the stand-in does not: refused rather than ignored, so a test cannot pass on a silently wrong answer. */
  const UNSUPPORTED = ['iCalUID', 'privateExtendedProperty', 'q', 'sharedExtendedProperty', 'updatedMin']

  /** GET /calendars/{calendarId}/events */
  const list = (calendarId: string, q: URLSearchParams): Answer => {
    const c = calendarOf(calendarId)
    if (c === undefined) return notFound()
    const zone = zoneOfCalendar(c)
    const flag = (name: string): boolean | null => (q.get(name) === null ? null : q.get(name) === 'true')
    const maxResults = Math.min(2500, Number(q.get('maxResults') ?? 250))
    if (!Number.isInteger(maxResults) || maxResults < 1) return bad(`Invalid value '${q.get('maxResults') ?? ''}'. Values must be within the range: [1, 2500]`)
    const syncTokenText = q.get('syncToken')
    const pageTokenText = q.get('pageToken')
    const page = pageTokenText === null ? null : decode<PageState>(pageTokenText, 'P')
    if (pageTokenText !== null && (page === null || page.c !== c.entry.id)) return bad('Invalid page token value.')
    const unsupported = UNSUPPORTED.find((p) => q.get(p) !== null)
    if (unsupported !== undefined && syncTokenText === null) return bad(`The Google stand-in does not support the parameter ${unsupported}.`, 'standinUnsupported')
    let sync: SyncState | null = null
    if (syncTokenText !== null) {
      const bad1 = FORBIDDEN_WITH_SYNC.find((p) => q.get(p) !== null)
      if (bad1 !== undefined) return bad(`Sync token cannot be used with the parameter ${bad1}.`)
      if (flag('showDeleted') === false) return bad('Sync token cannot be used with showDeleted=false: deleted events are always included.')
      sync = decode<SyncState>(syncTokenText, 'S')
      if (sync === null || sync.c !== c.entry.id) return bad('Invalid sync token value.')
    }
    if ((sync ?? page) !== null && (sync ?? page)?.g !== generation) return gone
    const single = flag('singleEvents') === true
    if (q.get('orderBy') !== null && q.get('orderBy') !== 'startTime' && q.get('orderBy') !== 'updated') return bad(`Invalid value for orderBy: ${q.get('orderBy') ?? ''}`)
    if (q.get('orderBy') === 'startTime' && !single) return bad('The requested ordering is not available for the particular query.')
    const timeMin = q.get('timeMin')
    const timeMax = q.get('timeMax')
    const fromText = sync?.min ?? timeMin
    const toText = sync?.max ?? timeMax
    for (const t of [timeMin, timeMax]) if (t !== null && (Number.isNaN(Date.parse(t)) || !/[zZ]|[+-]\d{2}:\d{2}$/.test(t))) return bad(`Bad Request: time must be RFC 3339 with an offset: ${t}`)
    const from = fromText === null || fromText === undefined ? -Infinity : Date.parse(fromText)
    const to = toText === null || toText === undefined ? Infinity : Date.parse(toText)
    if (from >= to) return bad('The specified time range is empty.', 'timeRangeEmpty')
    // A series with no end expands no further than a year ahead (Google pages on; the stand-in stops).
    const expandTo = Math.min(to, Date.now() + HORIZON_MS)
    const showDeleted = sync !== null || flag('showDeleted') === true
    const startSeq = page?.s ?? seq

    const rows: Array<{ item: ReturnType<typeof render>; start: number; order: number }> = []
    const push = (item: ReturnType<typeof render>, start: number, order: number) => {
      if (!rows.some((r) => r.item.id === item.id)) rows.push({ item, start, order })
    }
    const changedSince = sync === null ? null : sync.s
    const events = [...c.events.values()]
    for (const [order, e] of events.entries()) {
      if (changedSince !== null && e.seq <= changedSince) continue
      const isSeries = e.recurrence !== undefined
      const isException = e.recurringEventId !== undefined
      if (changedSince !== null) {
        // Incremental: every changed event, wherever it is; a changed series again in full (as instances when single).
        if (single && isSeries) for (const x of instances(c, e, from, expandTo, true)) push(x.item, x.start, order)
        else push(render(c, e), instantOf(e.start, zone), order)
        continue
      }
      if (single) {
        if (isSeries) for (const x of instances(c, e, from, expandTo, showDeleted)) push(x.item, x.start, order)
        else if (!isException && (e.status !== 'cancelled' || showDeleted) && overlaps(c, e, from, to)) push(render(c, e), instantOf(e.start, zone), order)
        continue
      }
      // Not expanded: series and single events; exceptions apart (cancelled ones too: Google lists those even without showDeleted).
      const series = isException ? c.events.get(e.recurringEventId ?? '') : undefined
      const seriesGone = isException && (series === undefined || series.status === 'cancelled')
      if (e.status === 'cancelled' && !showDeleted && (!isException || seriesGone)) continue
      const inWindow = isSeries ? expand(e.start, e.end, e.recurrence ?? [], zone, from, expandTo).length > 0 : overlaps(c, e, from, to)
      if (inWindow) push(render(c, e), instantOf(e.start, zone), order)
    }
    if (q.get('orderBy') === 'startTime') rows.sort((a, b) => a.start - b.start || a.order - b.order)
    else if (q.get('orderBy') === 'updated') rows.sort((a, b) => a.item.updated.localeCompare(b.item.updated))

    const offset = page?.o ?? 0
    const items = rows.slice(offset, offset + maxResults).map((r) => r.item)
    const more = offset + maxResults < rows.length
    const state: SyncState = {
      c: c.entry.id,
      s: startSeq,
      g: generation,
      single,
      ...(fromText === null || fromText === undefined ? {} : { min: fromText }),
      ...(toText === null || toText === undefined ? {} : { max: toText }),
    }
    const pageState: PageState = { ...state, o: offset + maxResults }
    return {
      status: 200,
      body: {
        kind: 'calendar#events',
        etag: `"${seq}"`,
        summary: c.entry.summary,
        updated: now(),
        timeZone: zone,
        accessRole: c.entry.accessRole ?? 'owner',
        defaultReminders: [],
        ...(more ? { nextPageToken: encode(pageState, 'P') } : { nextSyncToken: encode(state, 'S') }),
        items,
      },
    }
  }

  /** GET /calendars/{calendarId}/events/{eventId} (instances too, by their `<series>_<stamp>` id). */
  const get = (calendarId: string, eventId: string): Answer => {
    const c = calendarOf(calendarId)
    const e = c?.events.get(eventId)
    if (c === undefined) return notFound()
    if (e !== undefined) return { status: 200, body: render(c, e) }
    const m = /^(.+)_(\d{8}(?:T\d{6}Z)?)$/.exec(eventId)
    const master = m?.[1] === undefined ? undefined : c.events.get(m[1])
    if (master?.recurrence === undefined) return notFound()
    const hit = instances(c, master, -Infinity, Date.now() + HORIZON_MS * 5, true).find((x) => x.item.id === eventId)
    return hit === undefined ? notFound() : { status: 200, body: hit.item }
  }

  /** GET /users/me/calendarList */
  const calendarList = () => ({
    kind: 'calendar#calendarList',
    etag: `"${calendars.size}"`,
    items: [...calendars.values()].map(({ entry }) => ({
      kind: 'calendar#calendarListEntry',
      etag: `"${entry.id}"`,
      id: entry.id,
      summary: entry.summary,
      timeZone: entry.timeZone ?? 'UTC',
      accessRole: entry.accessRole ?? 'owner',
      ...(entry.primary === true ? { primary: true } : {}),
      selected: true,
      backgroundColor: '#9fe1e7',
      foregroundColor: '#000000',
      defaultReminders: [],
    })),
  })

  return {
    setCalendars,
    renameCalendar,
    calendarOf: (id: string) => calendarOf(id)?.entry,
    add,
    change,
    cancel,
    changeInstance,
    setResponse,
    list,
    get,
    calendarList,
    invalidateSyncTokens: (): void => {
      generation += 1
    },
  }
}
