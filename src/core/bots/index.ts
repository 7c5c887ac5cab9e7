/** Bots and the engine: bots sent to live meetings on demand, and the engine that sends them to scheduled ones. */
import type { Analyzer } from '../ports/analyzer.js'
import type { NotesEngines } from '../ports/notes-engines.js'
import type { Plan } from '../domain/identity/account.js'
import type { AccountStore } from '../ports/account-store.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { BotRunner, BotSession } from '../ports/bot-runner.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesStore, RunStore, UploadStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import { BOT_JOB } from './bot-job.js'
import { leaveBot } from './leave-bot.js'
import { type BotSettings, runBot } from './run-bot.js'
import { type EngineSettings, queueScheduleTick, SCHEDULE_JOB, scheduleMeetingBots } from './schedule-meeting-bots.js'
import { resumeBots } from './resume-bots.js'
import { sendBot } from './send-bot.js'

export interface BotDeps {
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
  readonly runs: RunStore
  /** With notes and shares: what a deleted recording's bot removes when it stops. */
  readonly uploads: UploadStore
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
  readonly shares: RecordingShareStore
  readonly meetings: MeetingStore
  readonly calendarConnections: CalendarConnectionStore
  readonly blobs: BlobStore
  readonly jobs: JobQueue
  readonly events: EventPublisher
  readonly clock: Clock
  readonly ids: Ids
  readonly botRunner: BotRunner
  readonly bots: BotSettings
  readonly engine: EngineSettings
  /** The template catalogue a bot's `template` is checked against (absent: the built-in templates). */
  readonly notesEngines?: NotesEngines
  readonly analyzer: Analyzer
}

/**
 * Bots on demand and the recording engine: `bot.run` jobs run one bot each
 * through its meeting; `engine.schedule` jobs look ahead for meetings to record.
 */
export const botUseCases = (deps: BotDeps) => {
  const live = new Set<BotSession>()
  const jobHandlers: Record<string, JobHandler> = { [BOT_JOB]: runBot(deps, live), [SCHEDULE_JOB]: scheduleMeetingBots(deps) }
  return {
    jobHandlers,
    sendBot: sendBot(deps),
    leaveBot: leaveBot(deps),
    /** Queues again the bots sent on demand that a crash left without their job (idempotent: every worker calls it at start). */
    resumeQueued: resumeBots(deps),
    /** Starts the engine's look-ahead chain (idempotent: every process may call it at start). */
    startEngine: queueScheduleTick(deps),
    /** Bots running in this process. */
    liveCount: () => live.size,
    /** Makes every bot of this process leave (shutting down): each keeps what it recorded. */
    leaveAll: async () => {
      await Promise.all([...live].map((session) => session.leave()))
    },
  }
}

export { BOT_JOB, queueBot } from './bot-job.js'
export { SCHEDULE_JOB } from './schedule-meeting-bots.js'
export { settleRunsForMeetings } from './settle-runs-for-meetings.js'
export type { BotSettings } from './run-bot.js'
export type { EngineSettings } from './schedule-meeting-bots.js'
/** Why a bot left or failed, by reason (the live stream's `end` events name these reasons). */
export { FAILED_BECAUSE, LEFT_BECAUSE } from './bot-words.js'
