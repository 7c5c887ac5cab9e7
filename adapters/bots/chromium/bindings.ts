import type { Page } from 'playwright-core'
import type { Logger } from 'pino'
import type { BotEvent } from '../../../src/core/ports/bot-runner.js'
import { installCaptureHook } from './page/capture-hook.js'
import type { WatchEvent } from './page/watchers.js'
import { pageScript } from './page-script.js'

/** Names shared by the Node side and the in-page scripts. */
export const CAPTURE_GLOBAL = '__notetakerCapture'
export const WATCH_GLOBAL = '__notetakerWatch'
const AUDIO_BINDING = '__notetakerAudio'
export const EVENT_BINDING = '__notetakerEvent'
/** What MediaRecorder produces; every chunk of a run together is one file of this type. */
export const AUDIO_MIME_TYPE = 'audio/webm;codecs=opus'
const AUDIO_BITS_PER_SECOND = 32_000

/** What the page has told us so far, read by the in-call loop. */
export interface CallState {
  /** Epoch ms when recording started: the zero of every offset. Null before admission. */
  admittedAt: number | null
  /** Participants other than the bot; null while unknown. */
  others: number | null
  /** Since when `others` has had its current value. */
  othersSince: number
}

/**
 * Wires the page to Node before the first navigation: the capture hook (runs
 * before the platform's scripts in every document) and the two bindings that
 * carry audio chunks and watcher events into the bot's event sink.
 */
export const wirePage = async (page: Page, emit: (e: BotEvent) => void, log: Logger): Promise<CallState> => {
  const state: CallState = { admittedAt: null, others: null, othersSince: Date.now() }
  let expectedSeq = 0
  await page.exposeBinding(AUDIO_BINDING, (_source, seq: number, base64: string) => {
    if (seq !== expectedSeq) log.warn({ seq, expectedSeq }, 'an audio chunk arrived out of order')
    expectedSeq = seq + 1
    emit({ type: 'audio', at: Date.now(), mimeType: AUDIO_MIME_TYPE, chunk: new Uint8Array(Buffer.from(base64, 'base64')) })
  })
  await page.exposeBinding(EVENT_BINDING, (_source, json: string) => {
    const admittedAt = state.admittedAt
    if (admittedAt === null) return // nothing is attributed before the audio starts
    const e = JSON.parse(json) as WatchEvent
    const offset = (t: number): number => Math.max(0, t - admittedAt)
    switch (e.kind) {
      case 'speaker':
        log.debug({ name: e.name }, 'active speaker changed')
        emit({ type: 'speaker', at: e.at, offsetMs: offset(e.at), name: e.name })
        break
      case 'caption':
        emit({
          type: 'caption',
          at: Date.now(),
          startMs: offset(e.startAt),
          endMs: offset(e.endAt),
          speaker: e.speaker ?? '',
          text: e.text,
        })
        break
      case 'partial':
        emit({ type: 'partial', at: e.at, startMs: offset(e.startAt), speaker: e.speaker ?? '', text: e.text })
        break
      case 'participants':
        log.info({ others: e.others }, e.others === null ? 'cannot see the participant list' : `${e.others} other participant(s) in the call`)
        state.others = e.others
        state.othersSince = e.at
        break
    }
  })
  await page.addInitScript({
    content: pageScript(installCaptureHook, {
      globalName: CAPTURE_GLOBAL,
      audioBinding: AUDIO_BINDING,
      mimeType: AUDIO_MIME_TYPE,
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    }),
  })
  return state
}
