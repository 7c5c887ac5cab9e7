import { decodeEntities, firstJoinLink } from '../../../src/core/domain/meetings/join-links.js'
import type { CalendarAttendee, CalendarEvent, CalendarPerson, ResponseStatus } from '../../../src/core/ports/calendar-provider.js'

/** The fields of Google's Event resource this adapter reads (events.list with singleEvents=true). */
export interface GoogleEvent {
  readonly id?: unknown
  readonly status?: unknown
  readonly summary?: unknown
  readonly description?: unknown
  readonly location?: unknown
  readonly start?: { readonly date?: unknown; readonly dateTime?: unknown }
  readonly end?: { readonly date?: unknown; readonly dateTime?: unknown }
  readonly recurringEventId?: unknown
  readonly recurrence?: unknown
  readonly organizer?: { readonly email?: unknown; readonly displayName?: unknown; readonly self?: unknown }
  readonly attendees?: ReadonlyArray<{ readonly email?: unknown; readonly displayName?: unknown; readonly responseStatus?: unknown; readonly self?: unknown }>
  readonly hangoutLink?: unknown
  readonly conferenceData?: { readonly entryPoints?: ReadonlyArray<{ readonly entryPointType?: unknown; readonly uri?: unknown }> }
  readonly htmlLink?: unknown
}

const RESPONSES: ReadonlySet<string> = new Set(['accepted', 'declined', 'tentative', 'needsAction'])

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

const person = (p: { readonly email?: unknown; readonly displayName?: unknown }): CalendarPerson => ({ name: str(p.displayName), email: str(p.email).toLowerCase() })

/** An event time as ISO UTC with milliseconds; an all-day date at 00:00 UTC. null when missing or unreadable. */
const instant = (t: GoogleEvent['start']): string | null => {
  const at = typeof t?.dateTime === 'string' ? Date.parse(t.dateTime) : typeof t?.date === 'string' ? Date.parse(`${t.date}T00:00:00Z`) : NaN
  return Number.isNaN(at) ? null : new Date(at).toISOString()
}

/** The join link: video entry points of the conference data, then the Meet link, then location, then description (HTML undone). */
const joinLink = (e: GoogleEvent): string | null =>
  firstJoinLink([
    ...(e.conferenceData?.entryPoints ?? []).filter((p) => p.entryPointType === 'video').map((p) => str(p.uri)),
    str(e.hangoutLink),
    str(e.location),
    decodeEntities(str(e.description)),
  ])

/** The account's own answer: its attendee entry (Google marks it `self`, or by email), else accepted when it organises. */
const ownResponse = (e: GoogleEvent, attendees: ReadonlyArray<CalendarAttendee>, ownerEmail: string | null): ResponseStatus | null => {
  const me = ownerEmail?.toLowerCase() ?? null
  const index = (e.attendees ?? []).findIndex((a, i) => a.self === true || (me !== null && attendees[i]?.email === me))
  if (index >= 0) return attendees[index]?.responseStatus ?? null
  const organizer = e.organizer
  return organizer !== undefined && (organizer.self === true || (me !== null && str(organizer.email).toLowerCase() === me)) ? 'accepted' : null
}

/**
 * One event (an occurrence, with singleEvents=true) as the sync stores it.
 * Its externalId is Google's event id: an instance's id is its series' id
 * plus its original start, so a moved occurrence keeps it. null when the
 * event has no id or no readable times.
 */
export const toCalendarEvent = (e: GoogleEvent, ownerEmail: string | null): CalendarEvent | null => {
  const id = str(e.id)
  const startsAt = instant(e.start)
  const endsAt = instant(e.end)
  if (id === '' || startsAt === null) return null
  const attendees = (e.attendees ?? []).map((a) => ({ ...person(a), responseStatus: RESPONSES.has(str(a.responseStatus)) ? (str(a.responseStatus) as ResponseStatus) : 'needsAction' }))
  const minutes = endsAt === null ? 0 : Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000))
  return {
    externalId: id,
    title: str(e.summary),
    description: str(e.description),
    location: str(e.location),
    link: joinLink(e),
    startsAt,
    durationMinutes: minutes,
    isAllDay: typeof e.start?.date === 'string' && e.start.dateTime === undefined,
    isRecurring: typeof e.recurringEventId === 'string' || Array.isArray(e.recurrence),
    organizer: e.organizer === undefined ? null : person(e.organizer),
    attendees,
    responseStatus: ownResponse(e, attendees, ownerEmail),
    externalUrl: typeof e.htmlLink === 'string' ? e.htmlLink : null,
    cancelled: e.status === 'cancelled',
  }
}
