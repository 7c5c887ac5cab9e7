/**
 * A bot that attends a live meeting. The runner reports the bot's life as events,
 * in order; the recording engine turns them into run state, audio and a transcript.
 * Times are epoch milliseconds from the runner's clock.
 */

import type { MeetingPlatform } from '../domain/meetings/platform.js'

export type { MeetingPlatform }

export type LeaveReason =
  | 'meeting_ended' // the host ended the meeting or everyone else left
  | 'alone' // the bot was the only participant for longer than allowed
  | 'max_duration' // the configured maximum recording time was reached
  | 'asked_to_leave' // leave() was called (e.g. POST /bots/{runId}/leave)
  | 'removed' // a participant removed the bot from the meeting

export type FailReason =
  | 'not_admitted' // the waiting room timed out
  | 'denied' // the host refused entry
  | 'meeting_not_found' // the link leads to no meeting
  | 'unrecognised_page' // the platform showed a page the runner does not know
  | 'capacity' // no bot slot was free
  | 'crashed' // the browser or runner died

export type BotEvent =
  | { readonly type: 'joining'; readonly at: number }
  | { readonly type: 'waiting'; readonly at: number }
  | { readonly type: 'admitted'; readonly at: number }
  /** The active speaker changed; offsetMs is from admission (the start of the audio). */
  | { readonly type: 'speaker'; readonly at: number; readonly offsetMs: number; readonly name: string }
  /** A finished caption line from the platform, if it shows captions. */
  | {
      readonly type: 'caption'
      readonly at: number
      readonly startMs: number
      readonly endMs: number
      readonly speaker: string
      readonly text: string
    }
  /**
   * A caption line still being spoken, as far as it has been shown (each partial replaces the
   * last of its line; the finished `caption` ends it). For live clients only: nothing is stored.
   */
  | { readonly type: 'partial'; readonly at: number; readonly startMs: number; readonly speaker: string; readonly text: string }
  /**
   * Whether the platform shows captions, once the runner knows (after admission): without them,
   * live lines come from the audio, transcribed in short windows. `detail` says why, in words.
   */
  | { readonly type: 'captions'; readonly at: number; readonly shown: boolean; readonly detail: string }
  /** A piece of the recorded meeting audio, in order; all chunks together form one file of mimeType. */
  | { readonly type: 'audio'; readonly at: number; readonly mimeType: string; readonly chunk: Uint8Array }
  | { readonly type: 'left'; readonly at: number; readonly reason: LeaveReason; readonly detail: string }
  | { readonly type: 'failed'; readonly at: number; readonly reason: FailReason; readonly detail: string }

export interface BotJob {
  readonly runId: string
  readonly joinUrl: string
  readonly platform: MeetingPlatform
  /** Display name shown to the other participants. */
  readonly botName: string
}

export interface BotSession {
  /** Asks the bot to leave; it then reports `left` with reason `asked_to_leave`. */
  leave(): Promise<void>
  /** Settles after the last event (`left` or `failed`) was delivered and every resource is released. */
  readonly finished: Promise<void>
}

export interface BotRunner {
  readonly name: string
  /**
   * Starts a bot. Events go to onEvent one at a time (the runner awaits each call);
   * exactly one terminal event (`left` or `failed`) ends the sequence.
   */
  start(job: BotJob, onEvent: (event: BotEvent) => Promise<void>): BotSession
}
