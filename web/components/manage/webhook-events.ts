import type { WebhookEventType } from '../../api.js'

/** An event an endpoint subscribes to: every one but the test, which is sent only on request. */
export type SubscribableEvent = Exclude<WebhookEventType, 'webhook.test'>

/** Every event an endpoint may subscribe to, in words; the Record type fails to compile when the API adds one. */
export const EVENT_WORDS: Readonly<Record<SubscribableEvent, string>> = {
  'bot.joining': 'A bot is joining a meeting',
  'bot.waiting': 'A bot waits to be admitted',
  'meeting.started': 'A bot started recording',
  'meeting.ended': 'A recorded meeting ended',
  'bot.failed': 'A bot failed',
  'recording.ready': "A recording's notes are ready",
  'recording.failed': 'A recording could not be processed',
  'upload.ready': "An upload's notes are ready",
  'upload.failed': 'An upload failed',
  'calendar.reauthorization_required': 'A calendar needs to be reconnected',
  'transcript.data': "A bot's finished live lines, while the meeting happens",
  'transcript.partial': "A bot's line still being spoken (many per minute)",
}

export const EVENT_TYPES = Object.keys(EVENT_WORDS) as SubscribableEvent[]

/** Live lines come many times a minute during a meeting: a new endpoint takes them only when asked. */
const CHATTY: ReadonlySet<SubscribableEvent> = new Set(['transcript.data', 'transcript.partial'])
export const DEFAULT_EVENT_TYPES = EVENT_TYPES.filter((t) => !CHATTY.has(t))
