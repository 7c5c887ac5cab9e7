/** Meetings and the schedule: meetings added by hand or from calendars, and the per-meeting decision whether a bot records them. */
import type { Plan } from '../domain/identity/account.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import type { RunStore } from '../ports/recording-stores.js'
import { createMeeting } from './create-meeting.js'
import { deleteMeeting } from './delete-meeting.js'
import { getMeeting, listMeetings } from './list-meetings.js'
import type { MeetingChangeListener } from './meeting-access.js'
import { readMeetingSchedule } from './read-meeting-schedule.js'
import { updateMeeting } from './update-meeting.js'

export interface MeetingPorts {
  readonly meetings: MeetingStore
  readonly calendarConnections: CalendarConnectionStore
  readonly runs: RunStore
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
  readonly ids: Ids
  /** Told about meeting changes after they are stored (the run engine hooks in here). */
  readonly onMeetingsChanged?: MeetingChangeListener
}

/** Meetings (manual and from calendars) and the schedule of what will be recorded. */
export const meetingUseCases = (ports: MeetingPorts) => ({
  list: listMeetings(ports),
  get: getMeeting(ports),
  create: createMeeting(ports),
  update: updateMeeting(ports),
  remove: deleteMeeting(ports),
  schedule: readMeetingSchedule(ports),
})

export type MeetingUseCases = ReturnType<typeof meetingUseCases>

export { findOwnMeeting, type MeetingChangeListener, notifyChanges } from './meeting-access.js'
