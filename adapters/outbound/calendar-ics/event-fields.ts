import * as O from 'fp-ts/lib/Option.js'
import type ICAL from 'ical.js'
import { recognisePlatform } from '../../../src/core/domain/meetings/platform.js'
import type { CalendarAttendee, CalendarEvent, CalendarPerson, ResponseStatus } from '../../../src/core/ports/calendar-provider.js'
import { findJoinLink, linksInText } from './join-link.js'

type Component = InstanceType<typeof ICAL.Component>
type Property = InstanceType<typeof ICAL.Property>

/** The fields of an event that do not depend on which occurrence it is. */
export type EventFields = Pick<
  CalendarEvent,
  'title' | 'description' | 'location' | 'link' | 'organizer' | 'attendees' | 'responseStatus' | 'externalUrl' | 'cancelled'
>

const text = (event: Component, name: string): string => {
  const value = event.getFirstPropertyValue(name)
  return value === null || value === undefined ? '' : String(value).trim()
}

const PARTSTAT: Readonly<Record<string, ResponseStatus>> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
  'NEEDS-ACTION': 'needsAction',
}

const param = (p: Property, name: string): string => {
  const v = p.getParameter(name)
  return typeof v === 'string' ? v.trim() : Array.isArray(v) ? String(v[0] ?? '').trim() : ''
}

/** "mailto:Ana@Example.com" -> "ana@example.com"; addresses that are not email (urn:, sip:) give ''. */
const emailOf = (p: Property): string => {
  const raw = String(p.getFirstValue() ?? '').trim().replace(/^mailto:/i, '').toLowerCase()
  return /^[^\s@]+@[^\s@]+$/.test(raw) ? raw : param(p, 'email').toLowerCase()
}

const personOf = (p: Property): CalendarPerson => {
  const email = emailOf(p)
  return { name: param(p, 'cn') || email, email }
}

// Rooms and equipment are invited like people but are not participants.
const isPerson = (p: Property): boolean => !/^(ROOM|RESOURCE)$/i.test(param(p, 'cutype'))

const attendeesOf = (event: Component): CalendarAttendee[] =>
  event
    .getAllProperties('attendee')
    .filter(isPerson)
    .map((p) => ({ ...personOf(p), responseStatus: PARTSTAT[param(p, 'partstat').toUpperCase()] ?? 'needsAction' }))

const ownResponse = (
  attendees: ReadonlyArray<CalendarAttendee>,
  organizer: CalendarPerson | null,
  ownerEmail: string | null,
): ResponseStatus | null => {
  if (ownerEmail === null || ownerEmail === '') return null
  const me = ownerEmail.trim().toLowerCase()
  const mine = attendees.find((a) => a.email === me)
  if (mine !== undefined) return mine.responseStatus
  return organizer?.email === me ? 'accepted' : null // organisers are not always listed as attendees
}

/** The URL property when it points at the event rather than at the meeting itself. */
const externalUrlOf = (event: Component): string | null => {
  const url = linksInText(text(event, 'url'))[0]
  return url === undefined || O.isSome(recognisePlatform(url)) ? null : url
}

export const eventFields = (event: Component, ownerEmail: string | null): EventFields => {
  const organizerProp = event.getFirstProperty('organizer')
  const organizer = organizerProp === null ? null : personOf(organizerProp)
  const attendees = attendeesOf(event)
  const link = findJoinLink(event)
  return {
    title: text(event, 'summary'),
    description: text(event, 'description'),
    location: text(event, 'location'),
    link,
    organizer,
    attendees,
    responseStatus: ownResponse(attendees, organizer, ownerEmail),
    externalUrl: externalUrlOf(event),
    cancelled: text(event, 'status').toUpperCase() === 'CANCELLED',
  }
}
