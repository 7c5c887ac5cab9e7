import type { CalendarEvent, CalendarPage, CalendarWindow } from './calendar-event.js'
import { clampText, inWindow, MAX_ATTENDEES, type Meeting, type MeetingChange } from './meeting.js'

/**
 * How one calendar read changes the stored meetings of a connection. Pure: the
 * store runs it inside one transaction over the meetings it read, so two syncs
 * of one connection can never interleave their writes.
 *
 * Rules:
 *  - meetings are matched by (connection, externalId); a new event is a new meeting;
 *  - every calendar field is refreshed (a moved event moves its meeting), but
 *    recordOverride, id and createdAt are never touched;
 *  - a cancelled event, or (for a snapshot) a listed meeting overlapping the
 *    window whose event is gone, is removed `by calendar`, and comes back with
 *    its override if the event reappears;
 *  - a meeting the user removed stays removed, whatever the calendar says.
 */
export interface SyncContext {
  readonly accountId: string
  readonly connectionId: string
  readonly source: string
  readonly window: CalendarWindow
  readonly now: string
  readonly newId: () => string
}

export interface MeetingWrites {
  readonly inserts: ReadonlyArray<Meeting>
  /** Whole rows to replace, removals included. */
  readonly updates: ReadonlyArray<Meeting>
}

/** The calendar-owned fields of a meeting, from one event. */
export const calendarFields = (e: CalendarEvent) => ({
  title: clampText.title(e.title),
  link: e.link,
  description: clampText.description(e.description),
  location: clampText.location(e.location),
  startsAt: new Date(e.startsAt).toISOString(),
  durationMinutes: Math.max(0, Math.round(e.durationMinutes)),
  isAllDay: e.isAllDay,
  isRecurring: e.isRecurring,
  attendees: e.attendees.slice(0, MAX_ATTENDEES),
  attendeeCount: e.attendees.length,
  organizer: e.organizer,
  responseStatus: e.responseStatus,
  externalUrl: e.externalUrl,
})

type CalendarFields = ReturnType<typeof calendarFields>

const sameFields = (m: Meeting, f: CalendarFields): boolean =>
  (Object.keys(f) as Array<keyof CalendarFields>).every((k) => JSON.stringify(m[k]) === JSON.stringify(f[k]))

const removed = (m: Meeting, now: string): Meeting => ({ ...m, removedAt: now, removedBy: 'calendar', updatedAt: now })

const created = (ctx: SyncContext, e: CalendarEvent): Meeting => ({
  id: ctx.newId(),
  accountId: ctx.accountId,
  connectionId: ctx.connectionId,
  externalId: e.externalId,
  source: ctx.source,
  ...calendarFields(e),
  recordOverride: null,
  createdAt: ctx.now,
  updatedAt: ctx.now,
  removedAt: null,
  removedBy: null,
})

/** What an event does to its meeting, if anything. */
const applyEvent = (ctx: SyncContext, e: CalendarEvent, current: Meeting | undefined): { insert?: Meeting; update?: Meeting } => {
  if (current?.removedBy === 'user') return {}
  if (e.cancelled) return current === undefined || current.removedAt !== null ? {} : { update: removed(current, ctx.now) }
  if (current === undefined) return { insert: created(ctx, e) }
  const fields = calendarFields(e)
  if (current.removedAt === null && sameFields(current, fields)) return {}
  return { update: { ...current, ...fields, removedAt: null, removedBy: null, updatedAt: ctx.now } }
}

/**
 * The writes that bring `existing` in line with `page`. `existing` must hold the
 * connection's meetings with an externalId named in the page (removed ones
 * too) and its listed meetings overlapping the window.
 */
export const planSync = (ctx: SyncContext, existing: ReadonlyArray<Meeting>, page: CalendarPage): MeetingWrites => {
  const byExternalId = new Map(existing.filter((m) => m.externalId !== null).map((m) => [m.externalId as string, m]))
  const inserts: Meeting[] = []
  const updates = new Map<string, Meeting>()
  const seen = new Set<string>()
  for (const event of page.events) {
    if (seen.has(event.externalId)) continue // a provider repeating an id: the first wins
    seen.add(event.externalId)
    const change = applyEvent(ctx, event, byExternalId.get(event.externalId))
    if (change.insert !== undefined) inserts.push(change.insert)
    if (change.update !== undefined) updates.set(change.update.id, change.update)
  }
  const gone =
    page.mode === 'snapshot'
      ? existing.filter((m) => m.externalId !== null && !seen.has(m.externalId) && inWindow(m, ctx.window))
      : page.removedIds.flatMap((id) => [byExternalId.get(id)].filter((m): m is Meeting => m !== undefined))
  for (const m of gone) {
    if (m.removedAt === null && !updates.has(m.id)) updates.set(m.id, removed(m, ctx.now))
  }
  return { inserts, updates: [...updates.values()] }
}

/** The externalIds a plan needs to see (so the store can read just those and the window). */
export const referencedIds = (page: CalendarPage): ReadonlyArray<string> => [
  ...new Set([...page.events.map((e) => e.externalId), ...page.removedIds]),
]

/** What a sync's writes did to each meeting, for the change listener; `before` is what the plan was given. */
export const changesOf = (writes: MeetingWrites, before: ReadonlyArray<Meeting>): MeetingChange[] => {
  const previous = new Map(before.map((m) => [m.id, m]))
  return [
    ...writes.inserts.map((meeting) => ({ kind: 'created' as const, meeting, previous: null })),
    ...writes.updates.map((meeting) => {
      const was = previous.get(meeting.id) ?? null
      const kind = meeting.removedAt !== null ? 'removed' : was?.removedAt != null ? 'created' : 'updated'
      return { kind, meeting, previous: was } as const
    }),
  ]
}
