import type { CalendarConnection } from '../core/domain/meetings/calendar-connection.js'
import type { Meeting } from '../core/domain/meetings/meeting.js'

/** Builders shared by the meeting and calendar contract suites and the use-case tests. */
export const ACCOUNT_A = 'a0000000-0000-4000-8000-000000000001'
export const ACCOUNT_B = 'b0000000-0000-4000-8000-000000000002'
export const CONNECTION_1 = 'c0000000-0000-4000-8000-000000000001'
export const CONNECTION_2 = 'c0000000-0000-4000-8000-000000000002'
export const meetingId = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const meeting = (n: number, over: Partial<Meeting> = {}): Meeting => ({
  id: meetingId(n),
  accountId: ACCOUNT_A,
  connectionId: null,
  externalId: null,
  source: 'manual',
  title: `Meeting ${n}`,
  link: 'https://meet.google.com/abc-defg-hij',
  description: '',
  location: '',
  startsAt: `2026-06-${String(n).padStart(2, '0')}T09:00:00.000Z`,
  durationMinutes: 30,
  isAllDay: false,
  isRecurring: false,
  attendees: [{ name: 'Ada', email: 'ada@example.com', responseStatus: 'accepted' }],
  attendeeCount: 1,
  organizer: { name: 'Ada', email: 'ada@example.com' },
  responseStatus: 'accepted',
  externalUrl: null,
  recordOverride: null,
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
  removedAt: null,
  removedBy: null,
  ...over,
})

/** A meeting of CONNECTION_1 with externalId `ev-<n>`. */
export const calendarMeeting = (n: number, over: Partial<Meeting> = {}): Meeting =>
  meeting(n, { connectionId: CONNECTION_1, externalId: `ev-${n}`, source: 'ics', ...over })

export const connection = (n: number, over: Partial<CalendarConnection> = {}): CalendarConnection => ({
  id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  accountId: ACCOUNT_A,
  provider: 'ics',
  accountEmail: 'ada@example.com',
  calendarId: `ics-${String(n).padStart(16, '0')}`,
  status: 'pending',
  autoJoin: 'all',
  joinRules: [],
  barRules: [],
  recordDeclined: false,
  name: null,
  feedName: `calendar-${n}.example.com`,
  lastSyncedAt: null,
  lastError: null,
  warnings: [],
  createdAt: `2026-05-0${n % 10}T00:00:00.000Z`,
  updatedAt: '2026-05-01T00:00:00.000Z',
  sealedCredential: `sealed-${n}`,
  sealedCursor: null,
  push: null,
  nextSyncAt: null,
  consecutiveFailures: 0,
  ...over,
})
