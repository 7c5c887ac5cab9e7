import type { BotEvent } from '../ports/bot-runner.js'
import type { LiveEventInput } from '../ports/live-feed.js'
import { FAILED_BECAUSE, LEFT_BECAUSE } from './bot-words.js'

/**
 * What a bot's event shows a live client: a finished caption line as an utterance (a preview:
 * the transcript made after the meeting is the reference), the active speaker, the bot's state,
 * and its end. Audio is not streamed.
 */
export const liveEventOf = (e: BotEvent): LiveEventInput | null => {
  switch (e.type) {
    case 'joining':
      return { kind: 'state', data: { state: 'joining' } }
    case 'waiting':
      return { kind: 'state', data: { state: 'waiting_room' } }
    case 'admitted':
      return { kind: 'state', data: { state: 'recording' } }
    case 'speaker':
      return { kind: 'speaker', data: { name: e.name, offsetMs: e.offsetMs } }
    case 'caption':
      return { kind: 'utterance', data: { speaker: e.speaker, text: e.text, startMs: e.startMs, endMs: e.endMs, final: true } }
    case 'partial':
      return { kind: 'partial', data: { speaker: e.speaker, text: e.text, startMs: e.startMs, final: false } }
    case 'captions':
    case 'audio':
      return null
    case 'left':
      return { kind: 'end', data: { outcome: 'left', reason: e.reason, detail: e.detail.trim() || LEFT_BECAUSE[e.reason] } }
    case 'failed':
      return { kind: 'end', data: { outcome: 'failed', reason: e.reason, detail: e.detail.trim() || FAILED_BECAUSE[e.reason] } }
  }
}
