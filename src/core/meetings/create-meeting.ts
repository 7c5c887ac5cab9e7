import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { DEFAULT_DURATION_MINUTES, MANUAL_SOURCE, type Meeting } from '../domain/meetings/meeting.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { type MeetingChangeListener, notifyChanges } from './meeting-access.js'
import { requireWriter } from '../identity/index.js'
import { vetMeetingFields } from './meeting-fields.js'

export interface NewMeetingInput {
  readonly title: string
  /** A Zoom, Google Meet or Microsoft Teams join link; anything else is refused and nothing is stored. */
  readonly link: string
  readonly startsAt: string
  readonly description?: string
  /** Default 30. */
  readonly durationMinutes?: number
}

export interface CreateMeetingDeps {
  readonly meetings: MeetingStore
  readonly clock: Clock
  readonly ids: Ids
  readonly onMeetingsChanged?: MeetingChangeListener
}

/** Adds a meeting by hand (one not on a connected calendar). */
export const createMeeting =
  (deps: CreateMeetingDeps) =>
  (actor: Actor, input: NewMeetingInput): TE.TaskEither<AppError, Meeting> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(vetMeetingFields(input))),
      TE.flatMap((fields) => {
        const now = deps.clock.now().toISOString()
        const meeting: Meeting = {
          id: deps.ids.uuid(),
          accountId: actor.accountId,
          connectionId: null,
          externalId: null,
          source: MANUAL_SOURCE,
          title: fields.title ?? '',
          link: fields.link ?? null,
          description: fields.description ?? '',
          location: '',
          startsAt: fields.startsAt ?? now,
          durationMinutes: fields.durationMinutes ?? DEFAULT_DURATION_MINUTES,
          isAllDay: false,
          isRecurring: false,
          attendees: [],
          attendeeCount: 0,
          organizer: null,
          responseStatus: null,
          externalUrl: null,
          recordOverride: null,
          createdAt: now,
          updatedAt: now,
          removedAt: null,
          removedBy: null,
        }
        return deps.meetings.create(meeting)
      }),
      TE.tap((meeting) => notifyChanges(deps.onMeetingsChanged)(actor.accountId, [{ kind: 'created', meeting, previous: null }])),
    )
