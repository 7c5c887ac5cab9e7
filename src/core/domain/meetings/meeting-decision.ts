import type { CalendarConnection } from './calendar-connection.js'
import type { Meeting } from './meeting.js'
import { type DecisionConnection, decideRecording, type RecordingDecision } from './recording-decision.js'

/**
 * A calendar meeting whose connection cannot be found (it is being deleted)
 * records nothing on its own: the same as a connection set to manual.
 */
const ORPHANED: DecisionConnection = { accountEmail: '', autoJoin: 'manual', joinRules: [], barRules: [], recordDeclined: false }

/**
 * Whether the bot records this meeting, and if not why. The schedule endpoint
 * and the recording engine both call this, so what the API promises is what
 * happens. `connection` is the meeting's connection (ignored for a manual
 * meeting); `allowanceLeft` whether the account may start another recording
 * (true as well when this meeting's run already counts against the allowance).
 */
export const decideForMeeting = (
  meeting: Meeting,
  connection: CalendarConnection | null,
  now: Date | string,
  allowanceLeft: boolean,
): RecordingDecision =>
  decideRecording({
    meeting,
    connection: meeting.connectionId === null ? null : (connection ?? ORPHANED),
    now: new Date(now).toISOString(),
    allowanceLeft,
  })
