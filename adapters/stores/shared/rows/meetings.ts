// The meetings table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { Meeting } from '../../../../src/core/domain/meetings/meeting.js'

/**
 * A meetings row with attendees and organizer decoded and the flags booleans,
 * as Postgres returns them (jsonb, boolean); SQLite stores JSON text and 0/1,
 * which its adapter converts before toMeeting. ends_at is derived from the
 * meeting (endsAt), so it is written but never read back.
 */
export interface MeetingRow {
  id: string
  account_id: string
  connection_id: string | null
  external_id: string | null
  source: string
  title: string
  link: string | null
  description: string
  location: string
  starts_at: string
  duration_minutes: number
  is_all_day: boolean
  is_recurring: boolean
  attendees: Meeting['attendees']
  attendee_count: number
  organizer: Meeting['organizer']
  response_status: Meeting['responseStatus']
  external_url: string | null
  record_override: boolean | null
  created_at: string
  updated_at: string
  removed_at: string | null
  removed_by: Meeting['removedBy']
}

export const toMeeting = (r: MeetingRow): Meeting => ({
  id: r.id,
  accountId: r.account_id,
  connectionId: r.connection_id,
  externalId: r.external_id,
  source: r.source,
  title: r.title,
  link: r.link,
  description: r.description,
  location: r.location,
  startsAt: r.starts_at,
  durationMinutes: r.duration_minutes,
  isAllDay: r.is_all_day,
  isRecurring: r.is_recurring,
  attendees: r.attendees,
  attendeeCount: r.attendee_count,
  organizer: r.organizer,
  responseStatus: r.response_status,
  externalUrl: r.external_url,
  recordOverride: r.record_override,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  removedAt: r.removed_at,
  removedBy: r.removed_by,
})
