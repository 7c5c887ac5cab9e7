import type { BlobStore } from '../ports/blob-store.js'
import type { BotRunner } from '../ports/bot-runner.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { LiveAudio } from '../ports/live-audio.js'
import type { LiveFeed } from '../ports/live-feed.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { EraseDeps, PublishDeps } from '../recordings/index.js'

export interface BotSettings {
  /** The name other participants see. */
  readonly botName: string
  /** How often a bot in a meeting checks whether it was asked to leave (the request may come to another process). */
  readonly leaveCheckMs: number
  /** Resolves after ms; setTimeout in production. */
  readonly wait: (ms: number) => Promise<void>
}

/** What running a bot needs; with erasing, for a recording deleted while its bot was out. */
export interface RunBotDeps extends PublishDeps, EraseDeps {
  readonly runs: RunStore
  readonly blobs: BlobStore
  readonly jobs: JobQueue
  readonly botRunner: BotRunner
  readonly bots: BotSettings
  /** Where the bot's captions, speakers and states go while it is in the meeting, and where leave requests come from. */
  readonly liveFeed?: LiveFeed
  /** With `transcriber`: live lines from the audio, in short windows, when the platform shows no captions. Absent: none. */
  readonly liveAudio?: LiveAudio
  readonly transcriber?: Transcriber
}
