import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import type { CalendarEventData, DomainEvent, EventName, RecordingEventData, UploadEventData } from '../../src/core/domain/events.js'
import type { EventPublisher } from '../../src/core/ports/event-publisher.js'

const say: Readonly<Record<EventName, (d: RecordingEventData & UploadEventData & CalendarEventData) => string>> = {
  'bot.joining': (d) => `bot ${d.reference} is joining "${d.title}" on ${d.platform}`,
  'bot.waiting': (d) => `bot ${d.reference} is waiting to be admitted to "${d.title}"`,
  'meeting.started': (d) => `bot ${d.reference} was admitted to "${d.title}" and is recording`,
  'meeting.ended': (d) => `bot ${d.reference} left "${d.title}" (${d.detail ?? 'done'}); processing the recording`,
  'bot.failed': (d) => `bot ${d.reference} could not record "${d.title}": ${d.detail}`,
  'recording.ready': (d) => `recording ${d.reference} "${d.title}" is ready: its notes can be read`,
  'recording.failed': (d) => `recording ${d.reference} "${d.title}" failed: ${d.detail}`,
  'upload.ready': (d) => `upload ${d.reference} "${d.title}" is ready: its notes can be read`,
  'upload.failed': (d) => `upload ${d.reference} "${d.title}" failed: ${d.error}`,
  'calendar.reauthorization_required': (d) => `calendar connection ${d.connectionId} (${d.provider}, "${d.name}") needs its owner to reconnect it: ${d.error ?? 'its permission was revoked or has expired'}`,
  // Test events and live lines are queued straight to their endpoints, never published; these lines are for completeness.
  'webhook.test': () => 'a webhook test event',
  'transcript.data': (d) => `finished lines of the meeting of bot ${d.reference}`,
  'transcript.partial': (d) => `a line being spoken in the meeting of bot ${d.reference}`,
}

/** Logs every domain event in words (the service's own record of what bots and processing did); keeps nothing. */
export const eventLogger = (logger: Logger): EventPublisher => ({
  publish: (event: DomainEvent) => {
    logger.info(
      { event: event.type, eventId: event.id, accountId: event.accountId, ...event.data },
      say[event.type](event.data as RecordingEventData & UploadEventData & CalendarEventData),
    )
    return TE.right(undefined)
  },
})
