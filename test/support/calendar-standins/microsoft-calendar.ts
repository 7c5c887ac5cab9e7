/**
 * The Microsoft stand-in's mailbox in memory: the signed-in user, their calendars and events (single
 * instances and series masters with their exceptions and cancelled occurrences), the calendar view of a
 * window (occurrences expanded, as Graph's calendarView returns them) and each item as Graph's `event`
 * resource. All times are UTC. Every change bumps a version (the event's `changeKey`) and is told to the
 * listeners (the subscriptions).
 */
import { occurrenceStarts, type PatternedRecurrence } from './microsoft-recurrence.js'

export type ResponseType = 'none' | 'organizer' | 'tentativelyAccepted' | 'accepted' | 'declined' | 'notResponded'

export interface Person {
  readonly name?: string
  readonly address: string
}

export interface Attendee extends Person {
  readonly type?: 'required' | 'optional' | 'resource'
  readonly response?: ResponseType
}

export interface EventInput {
  readonly subject: string
  /** ISO 8601 instants (UTC), e.g. `2026-12-01T10:00:00Z`; for all-day events, midnights. */
  readonly start: string
  readonly end: string
  readonly isAllDay?: boolean
  /** Defaults to the signed-in user (then the account is the organizer). */
  readonly organizer?: Person
  readonly attendees?: readonly Attendee[]
  /** The account's own response; defaults to `organizer` or `notResponded`. */
  readonly responseStatus?: ResponseType
  readonly isOnlineMeeting?: boolean
  /** `onlineMeeting.joinUrl` (a Teams link). */
  readonly joinUrl?: string
  readonly location?: string
  readonly body?: string
  readonly bodyContentType?: 'html' | 'text'
  /** Defaults to the default calendar. */
  readonly calendarId?: string
  /** A series: Graph's patternedRecurrence; `start`/`end` are the first occurrence's. */
  readonly recurrence?: PatternedRecurrence
}

export type EventFields = Omit<EventInput, 'calendarId' | 'recurrence'>

type Override = { readonly kind: 'exception'; readonly fields: Partial<EventFields>; readonly version: number } | { readonly kind: 'cancelled'; readonly version: number }

interface StoredEvent {
  readonly id: string
  readonly calendarId: string
  fields: EventFields
  readonly recurrence: PatternedRecurrence | undefined
  version: number
  readonly created: Date
  modified: Date
  /** An attendee's copy of a meeting the organizer cancelled (stays, flagged, until removed). */
  isCancelled: boolean
  /** By original start (ISO): the occurrence changed into an exception, or cancelled. */
  readonly overrides: Map<string, Override>
}

export interface User {
  readonly id: string
  readonly displayName: string
  /** Null for an account without a mailbox address (Graph answers `mail: null`; `userPrincipalName` remains). */
  readonly mail: string | null
  readonly userPrincipalName: string
}

export interface CalendarInfo {
  readonly id: string
  readonly name: string
  readonly isDefaultCalendar: boolean
  readonly canEdit?: boolean
}

export interface Change {
  readonly changeType: 'created' | 'updated' | 'deleted'
  readonly calendarId: string
  readonly eventId: string
  readonly changeKey: string
}

/** One item of a calendar view: a single instance, an occurrence or an exception. */
export interface ViewItem {
  readonly id: string
  /** Changes whenever anything the item shows changes (the delta diff compares it). */
  readonly version: string
  readonly json: Record<string, unknown>
}

const MAX_EVENTS = 500

/** Graph's dateTime form: `2026-12-01T10:00:00.0000000` (with a separate timeZone). */
export const graphDateTime = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, '.$10000')

const changeKeyOf = (version: number): string => `ck${version.toString(36).padStart(6, '0')}`

export class Mailbox {
  user: User
  calendars: CalendarInfo[]
  private readonly events = new Map<string, StoredEvent>()
  private clock = 0
  private nextId = 1
  private readonly listeners: Array<(change: Change) => void> = []

  constructor(user: User, calendars: CalendarInfo[]) {
    this.user = user
    this.calendars = calendars
  }

  onChange(listener: (change: Change) => void): void {
    this.listeners.push(listener)
  }

  defaultCalendarId(): string {
    return (this.calendars.find((c) => c.isDefaultCalendar) ?? this.calendars[0])?.id ?? ''
  }

  hasCalendar(id: string): boolean {
    return this.calendars.some((c) => c.id === id)
  }

  private tell(changeType: Change['changeType'], ev: StoredEvent, eventId = ev.id): void {
    const change = { changeType, calendarId: ev.calendarId, eventId, changeKey: changeKeyOf(ev.version) }
    for (const l of this.listeners) l(change)
  }

  private get(id: string): StoredEvent {
    const ev = this.events.get(id)
    if (ev === undefined) throw new Error(`no event ${id} in the stand-in`)
    return ev
  }

  private touch(ev: StoredEvent): number {
    ev.version = ++this.clock
    ev.modified = new Date()
    return ev.version
  }

  add(input: EventInput): string {
    if (this.events.size >= MAX_EVENTS) throw new Error(`the stand-in holds at most ${MAX_EVENTS} events`)
    const calendarId = input.calendarId ?? this.defaultCalendarId()
    if (!this.hasCalendar(calendarId)) throw new Error(`no calendar ${calendarId} in the stand-in`)
    const { calendarId: _c, recurrence, ...fields } = input
    const id = `AAMkEv${String(this.nextId++).padStart(4, '0')}`
    const now = new Date()
    const ev: StoredEvent = { id, calendarId, fields, recurrence, version: ++this.clock, created: now, modified: now, isCancelled: false, overrides: new Map() }
    this.events.set(id, ev)
    this.tell('created', ev)
    return id
  }

  update(id: string, patch: Partial<EventFields>): void {
    const ev = this.get(id)
    ev.fields = { ...ev.fields, ...patch }
    this.touch(ev)
    this.tell('updated', ev)
  }

  /** Changes one occurrence of a series (it becomes an `exception`), named by its original start. */
  updateOccurrence(seriesId: string, originalStart: string, patch: Partial<EventFields>): string {
    const ev = this.get(seriesId)
    const key = this.occurrenceKey(ev, originalStart)
    const before = ev.overrides.get(key)
    const fields = before?.kind === 'exception' ? { ...before.fields, ...patch } : patch
    ev.overrides.set(key, { kind: 'exception', fields, version: ++this.clock })
    ev.modified = new Date()
    const occurrenceId = occurrenceIdOf(ev.id, key)
    this.tell('updated', ev, occurrenceId)
    return occurrenceId
  }

  /** Cancels (deletes) one occurrence of a series: it leaves the calendar view. */
  cancelOccurrence(seriesId: string, originalStart: string): string {
    const ev = this.get(seriesId)
    const key = this.occurrenceKey(ev, originalStart)
    ev.overrides.set(key, { kind: 'cancelled', version: ++this.clock })
    ev.modified = new Date()
    const occurrenceId = occurrenceIdOf(ev.id, key)
    this.tell('deleted', ev, occurrenceId)
    return occurrenceId
  }

  /**
   * The organizer cancels the meeting. In the organizer's own calendar it is deleted; in an attendee's
   * it stays with `isCancelled: true` and "Canceled: " before its subject until the attendee removes it.
   */
  cancel(id: string): void {
    const ev = this.get(id)
    if (this.isOrganizer(ev.fields)) return this.delete(id)
    ev.isCancelled = true
    ev.fields = { ...ev.fields, subject: `Canceled: ${ev.fields.subject}` }
    this.touch(ev)
    this.tell('updated', ev)
  }

  delete(id: string): void {
    const ev = this.get(id)
    this.events.delete(id)
    this.touch(ev)
    this.tell('deleted', ev)
  }

  /** The account's response to a meeting (also its own entry among the attendees). */
  setResponse(id: string, response: ResponseType): void {
    const ev = this.get(id)
    const me = this.userAddress()
    const attendees = (ev.fields.attendees ?? []).map((a) => (a.address.toLowerCase() === me ? { ...a, response } : a))
    ev.fields = { ...ev.fields, responseStatus: response, attendees }
    this.touch(ev)
    this.tell('updated', ev)
  }

  /** What the calendar view of [start, end) shows in a calendar: single instances, occurrences and exceptions. */
  view(calendarId: string, start: Date, end: Date): ViewItem[] {
    const items: ViewItem[] = []
    const overlaps = (s: Date, e: Date) => s.getTime() < end.getTime() && e.getTime() > start.getTime()
    for (const ev of this.events.values()) {
      if (ev.calendarId !== calendarId) continue
      const first = new Date(ev.fields.start)
      const length = new Date(ev.fields.end).getTime() - first.getTime()
      if (ev.recurrence === undefined) {
        if (overlaps(first, new Date(ev.fields.end))) items.push({ id: ev.id, version: String(ev.version), json: this.json(ev, ev.fields, 'singleInstance', ev.id) })
        continue
      }
      for (const at of occurrenceStarts(ev.recurrence, first, new Date(end.getTime() + 366 * 86_400_000))) {
        const key = at.toISOString()
        const override = ev.overrides.get(key)
        if (override?.kind === 'cancelled') continue
        const fields: EventFields = {
          ...ev.fields,
          start: key,
          end: new Date(at.getTime() + length).toISOString(),
          ...(override?.kind === 'exception' ? override.fields : {}),
        }
        if (!overlaps(new Date(fields.start), new Date(fields.end))) continue
        const id = occurrenceIdOf(ev.id, key)
        const type = override?.kind === 'exception' ? 'exception' : 'occurrence'
        items.push({ id, version: `${ev.version}.${override?.version ?? 0}`, json: { ...this.json(ev, fields, type, id, override?.version), seriesMasterId: ev.id, originalStart: key.replace('.000Z', 'Z') } })
      }
    }
    return items.sort((a, b) => String((a.json['start'] as { dateTime: string }).dateTime).localeCompare(String((b.json['start'] as { dateTime: string }).dateTime)))
  }

  private userAddress(): string {
    return (this.user.mail ?? this.user.userPrincipalName).toLowerCase()
  }

  private isOrganizer(fields: EventFields): boolean {
    return fields.organizer === undefined || fields.organizer.address.toLowerCase() === this.userAddress()
  }

  private occurrenceKey(ev: StoredEvent, originalStart: string): string {
    if (ev.recurrence === undefined) throw new Error(`event ${ev.id} is not a series`)
    const key = new Date(originalStart).toISOString()
    const starts = occurrenceStarts(ev.recurrence, new Date(ev.fields.start), new Date(Date.parse(key) + 1))
    if (!starts.some((d) => d.toISOString() === key)) throw new Error(`series ${ev.id} has no occurrence at ${originalStart}`)
    return key
  }

  /** Graph's `event` resource for one item. */
  private json(ev: StoredEvent, fields: EventFields, type: string, id: string, overrideVersion?: number): Record<string, unknown> {
    const changeKey = changeKeyOf(Math.max(ev.version, overrideVersion ?? 0))
    const organizer = fields.organizer ?? { name: this.user.displayName, address: this.user.mail ?? this.user.userPrincipalName }
    const isOrganizer = this.isOrganizer(fields)
    const response = fields.responseStatus ?? (isOrganizer ? 'organizer' : 'notResponded')
    const body = fields.body ?? ''
    const contentType = fields.bodyContentType ?? 'html'
    const location = fields.location ?? ''
    return {
      '@odata.type': '#microsoft.graph.event',
      '@odata.etag': `W/"${changeKey}"`,
      id,
      createdDateTime: ev.created.toISOString(),
      lastModifiedDateTime: ev.modified.toISOString(),
      changeKey,
      categories: [],
      originalStartTimeZone: 'UTC',
      originalEndTimeZone: 'UTC',
      iCalUId: `040000008200E00074C5B7101A82E008${ev.id}`,
      reminderMinutesBeforeStart: 15,
      isReminderOn: true,
      hasAttachments: false,
      subject: fields.subject,
      bodyPreview: body.replace(/<[^>]*>/g, '').slice(0, 255),
      importance: 'normal',
      sensitivity: 'normal',
      isAllDay: fields.isAllDay ?? false,
      isCancelled: ev.isCancelled,
      isOrganizer,
      responseRequested: true,
      seriesMasterId: null,
      showAs: ev.isCancelled ? 'free' : 'busy',
      type,
      webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
      onlineMeetingUrl: null,
      isOnlineMeeting: fields.isOnlineMeeting ?? fields.joinUrl !== undefined,
      onlineMeetingProvider: fields.joinUrl !== undefined ? 'teamsForBusiness' : 'unknown',
      allowNewTimeProposals: true,
      isDraft: false,
      hideAttendees: false,
      responseStatus: { response, time: '0001-01-01T00:00:00Z' },
      body: { contentType, content: body },
      start: { dateTime: graphDateTime(new Date(fields.start)), timeZone: 'UTC' },
      end: { dateTime: graphDateTime(new Date(fields.end)), timeZone: 'UTC' },
      location: { displayName: location, locationType: 'default', uniqueIdType: 'unknown', address: {}, coordinates: {} },
      locations: location === '' ? [] : [{ displayName: location, locationType: 'default', uniqueIdType: 'unknown', address: {}, coordinates: {} }],
      recurrence: null,
      attendees: (fields.attendees ?? []).map((a) => ({
        type: a.type ?? 'required',
        status: { response: a.response ?? 'none', time: '0001-01-01T00:00:00Z' },
        emailAddress: { name: a.name ?? a.address, address: a.address },
      })),
      organizer: { emailAddress: { name: organizer.name ?? organizer.address, address: organizer.address } },
      onlineMeeting: fields.joinUrl !== undefined ? { joinUrl: fields.joinUrl } : null,
    }
  }
}

/** An occurrence's id: deterministic, from its series and original start. */
const occurrenceIdOf = (seriesId: string, originalStartIso: string): string => `${seriesId}_${originalStartIso.replace(/[-:]|\.000Z$/g, '')}`
