// Notes as stored JSON, read back in today's shape; shared by the SQLite and Postgres notes stores.
import type { Attendee } from '../../../../src/core/domain/notes/notes.js'
import type { StoredNotes } from '../../../../src/core/ports/recording-stores.js'

type StoredBody = Omit<StoredNotes, 'decisions' | 'attendees'> & {
  readonly decisions?: StoredNotes['decisions']
  readonly attendees: ReadonlyArray<{ readonly name: string; readonly email: string | null }>
}

/**
 * Notes written before decisions existed have none (read as []); attendees
 * written before unknown emails were null have '' (read as null).
 */
export const storedNotesOf = (body: unknown): StoredNotes => {
  const b = body as StoredBody
  return {
    ...b,
    attendees: b.attendees.map((a): Attendee => ({ name: a.name, email: a.email === '' ? null : a.email })),
    decisions: b.decisions ?? [],
  }
}
