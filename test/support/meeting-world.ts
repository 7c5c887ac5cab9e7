import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import pino from 'pino'
import { createWorker } from '../../adapters/driving/jobs/worker.js'
import { memoryAccountStore } from '../../adapters/stores/memory/accounts.js'
import { memoryCalendarConnectionStore } from '../../adapters/stores/memory/calendar-connections.js'
import { memoryJobQueue } from '../../adapters/stores/memory/job-queue.js'
import { memoryMeetingStore } from '../../adapters/stores/memory/meetings.js'
import { memoryRunStore } from '../../adapters/stores/memory/recordings.js'
import { fixedClock } from '../../adapters/system/clock.js'
import { randomIds } from '../../adapters/system/ids.js'
import { aesGcmSecretBox } from '../../adapters/system/secret-box.js'
import { DEFAULT_PLANS } from '../../src/core/domain/identity/account.js'
import type { Actor } from '../../src/core/domain/identity/api-key.js'
import type { MeetingChange } from '../../src/core/domain/meetings/meeting.js'
import type { CalendarEvent, CalendarFailure, CalendarPage, CalendarSource, CalendarWindow, IcsCalendarSource } from '../../src/core/ports/calendar-provider.js'
import { calendarConnectionUseCases } from '../../src/core/calendars/index.js'
import { meetingUseCases } from '../../src/core/meetings/index.js'
import { right } from './run.js'

/**
 * The meeting and calendar use cases over memory adapters (which pass the
 * contracts), with a calendar provider the test feeds by hand.
 */
export const NOW = '2026-06-01T12:00:00.000Z'

export const calendarEvent = (externalId: string, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  externalId,
  title: `Event ${externalId}`,
  description: '',
  location: '',
  link: 'https://meet.google.com/abc-defg-hij',
  startsAt: '2026-06-03T09:00:00.000Z',
  durationMinutes: 30,
  isAllDay: false,
  isRecurring: false,
  organizer: { name: 'Ada', email: 'ada@example.com' },
  attendees: [{ name: 'Ada', email: 'ada@example.com', responseStatus: 'accepted' }],
  responseStatus: 'accepted',
  externalUrl: null,
  cancelled: false,
  ...over,
})

export const snapshot = (events: ReadonlyArray<CalendarEvent>): CalendarPage => ({ mode: 'snapshot', events, removedIds: [], cursor: null })

export const meetingWorld = async () => {
  const clock = fixedClock(NOW)
  const accounts = memoryAccountStore()
  const account = await right(accounts.create({ id: randomIds.uuid(), name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationId: null, serverAdmin: false, createdAt: NOW }))
  let answer: E.Either<CalendarFailure, CalendarPage> = E.right(snapshot([]))
  let beforeAnswer: () => Promise<void> = async () => {}
  const fetches: Array<{ source: CalendarSource; window: CalendarWindow; cursor: string | null }> = []
  const changes: MeetingChange[] = []
  const jobs = memoryJobQueue(randomIds.uuid)
  const ports = {
    clock,
    ids: randomIds,
    accounts,
    plans: DEFAULT_PLANS,
    jobs,
    meetings: memoryMeetingStore(),
    calendarConnections: memoryCalendarConnectionStore(),
    runs: memoryRunStore(),
    secretBox: aesGcmSecretBox(randomBytes(32)),
    calendars: [
      {
        kind: 'ics',
        fetchEvents: (source: CalendarSource, window: CalendarWindow, cursor: string | null) => {
          fetches.push({ source, window, cursor })
          return () => beforeAnswer().then(() => answer)
        },
        vetSource: (source: IcsCalendarSource) => E.right(source),
      },
    ],
    calendarSync: { intervalMinutes: 15, daysBack: 7, daysAhead: 60 },
    onMeetingsChanged: (_: string, c: ReadonlyArray<MeetingChange>) => TE.right(void changes.push(...c)),
  }
  const calendar = calendarConnectionUseCases(ports)
  const worker = createWorker({ queue: jobs, handlers: calendar.jobHandlers, clock, logger: pino({ level: 'silent' }), concurrency: 1, pollMs: 10, leaseMs: 60_000, backoffMs: () => 0 })
  const actor: Actor = { accountId: account.id, keyId: 'key', access: 'full', organizationWide: false, organizationId: null }
  return {
    clock,
    ports,
    account,
    actor,
    readonly: { ...actor, access: 'readonly' } as Actor,
    meetings: meetingUseCases(ports),
    calendar,
    jobs,
    fetches,
    changes,
    /** What the calendar answers from now on. */
    feed: (page: CalendarPage) => {
      answer = E.right(page)
    },
    failFeed: (failure: CalendarFailure) => {
      answer = E.left(failure)
    },
    /** Runs while the calendar is being read (e.g. to change things mid-sync). */
    whileFetching: (f: () => Promise<void>) => {
      beforeAnswer = f
    },
    /** Runs the due jobs (syncs) until none is due at the clock's time. */
    drain: () => worker.drain(),
  }
}

export type MeetingWorld = Awaited<ReturnType<typeof meetingWorld>>
