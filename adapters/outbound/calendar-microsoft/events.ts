import { decodeEntities, firstJoinLink } from '../../../src/core/domain/meetings/join-links.js'
import { ianaZone, wallClockToUtc } from '../calendar-ics/time-zones.js'
import type { CalendarAttendee, CalendarEvent, CalendarPerson, ResponseStatus } from '../../../src/core/ports/calendar-provider.js'

/**
 * Graph's `event` resource (as calendarView delta returns it, asked for in
 * UTC) into a CalendarEvent. The externalId is Graph's id: stable across
 * syncs for one event and for each occurrence of a series, and what a delta's
 * `@removed` item names.
 */
type Json = Record<string, unknown>

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {})
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/**
 * `2026-12-01T10:00:00.0000000` in its `timeZone` as an instant; null when
 * unreadable. Asked for with Prefer: outlook.timezone="UTC" (Graph's default
 * for delta too); a time in another zone (IANA or Windows name) is converted,
 * one in a zone not known here read as UTC.
 */
const instant = (dt: unknown): Date | null => {
  const { dateTime, timeZone } = obj(dt)
  const text = str(dateTime)
  if (text === '') return null
  const hasOffset = /(Z|[+-]\d\d:\d\d)$/.test(text)
  const wall = Date.parse(hasOffset ? text : `${text}Z`)
  if (Number.isNaN(wall)) return null
  const zone = hasOffset || /^(UTC|Etc\/UTC|GMT)?$/i.test(str(timeZone).trim()) ? null : ianaZone(str(timeZone))
  return new Date(zone === null ? wall : wallClockToUtc(wall, zone))
}

const person = (v: unknown): CalendarPerson | null => {
  const address = obj(obj(v)['emailAddress'])
  const email = str(address['address']).trim().toLowerCase()
  const name = str(address['name']).trim()
  return email === '' && name === '' ? null : { name: name === '' ? email : name, email }
}

const RESPONSES: Readonly<Record<string, ResponseStatus>> = {
  accepted: 'accepted',
  organizer: 'accepted',
  tentativelyAccepted: 'tentative',
  declined: 'declined',
  notResponded: 'needsAction',
  none: 'needsAction',
}

const response = (v: unknown): ResponseStatus => RESPONSES[str(obj(v)['response'])] ?? 'needsAction'

/** An HTML body as plain text: tags dropped, breaks kept, entities undone. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim()

/** Links in the body's HTML: inside href attributes as well as in the text. */
const bodyTexts = (body: Json): string[] => {
  const content = str(body['content'])
  return str(body['contentType']).toLowerCase() === 'html' ? [decodeEntities(content)] : [content]
}

export type Mapped = { readonly ok: true; readonly event: CalendarEvent } | { readonly ok: false; readonly warning: string }

export const mapEvent = (e: Json, ownerEmail: string | null): Mapped => {
  const title = str(e['subject'])
  const start = instant(e['start'])
  const end = instant(e['end'])
  if (start === null || end === null) return { ok: false, warning: `Event "${title.slice(0, 80)}" could not be read and was left out: its start or end cannot be read.` }
  const isAllDay = e['isAllDay'] === true
  const startsAt = isAllDay ? new Date(`${start.toISOString().slice(0, 10)}T00:00:00.000Z`) : start
  const body = obj(e['body'])
  const description = str(body['contentType']).toLowerCase() === 'html' ? htmlToText(str(body['content'])) : str(body['content']).trim()
  const locations = Array.isArray(e['locations']) ? e['locations'].map((l) => str(obj(l)['displayName'])) : []
  const location = str(obj(e['location'])['displayName'])
  const organizer = person(e['organizer'])
  const attendees: CalendarAttendee[] = (Array.isArray(e['attendees']) ? e['attendees'] : []).flatMap((a) => {
    const p = person(a)
    return p === null ? [] : [{ ...p, responseStatus: response(obj(a)['status']) }]
  })
  const link = firstJoinLink([str(obj(e['onlineMeeting'])['joinUrl']), str(e['onlineMeetingUrl']), location, ...locations, ...bodyTexts(body)])
  const type = str(e['type'])
  return {
    ok: true,
    event: {
      externalId: str(e['id']),
      title,
      description,
      location,
      link,
      startsAt: startsAt.toISOString(),
      durationMinutes: Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000)),
      isAllDay,
      isRecurring: type === 'occurrence' || type === 'exception' || str(e['seriesMasterId']) !== '',
      organizer,
      attendees,
      responseStatus: ownResponse(e, ownerEmail, attendees),
      externalUrl: str(e['webLink']) === '' ? null : str(e['webLink']),
      cancelled: e['isCancelled'] === true,
    },
  }
}

/** The owner's response: accepted as organizer, else Graph's responseStatus, else their attendee entry; null when not invited. */
const ownResponse = (e: Json, ownerEmail: string | null, attendees: ReadonlyArray<CalendarAttendee>): ResponseStatus | null => {
  if (e['isOrganizer'] === true) return 'accepted'
  const own = str(obj(e['responseStatus'])['response'])
  if (own !== '' && own !== 'none') return RESPONSES[own] ?? null
  const email = ownerEmail?.toLowerCase() ?? null
  return attendees.find((a) => email !== null && a.email === email)?.responseStatus ?? null
}
