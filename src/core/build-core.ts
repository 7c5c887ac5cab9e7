/**
 * The core built from a record of adapters (`Ports`): every feature's use cases,
 * and the job handlers the worker runs. The composition root (src/app/), the
 * adapters that need the core's type and programs that bring their own
 * adapters all import it from here; the package entry (src/index.ts) re-exports it.
 */
import type { Plan } from './domain/identity/account.js'
import type { AccountStore, OrganizationStore } from './ports/account-store.js'
import type { AccountSettingsStore } from './ports/account-settings-store.js'
import type { NotesSettingsStore } from './ports/notes-settings-store.js'
import type { NotesEngines } from './ports/notes-engines.js'
import type { ApiKeyStore } from './ports/api-key-store.js'
import type { BlobStore } from './ports/blob-store.js'
import type { Clock } from './ports/clock.js'
import type { EventPublisher } from './ports/event-publisher.js'
import type { IdempotencyStore } from './ports/idempotency-store.js'
import type { Ids } from './ports/ids.js'
import type { JobHandler } from './ports/job-handler.js'
import type { JobQueue } from './ports/job-queue.js'
import type { KeySecrets } from './ports/key-secrets.js'
import type { RateLimiter } from './ports/rate-limiter.js'
import type { PasswordHasher } from './ports/password-hasher.js'
import type { PasswordStore } from './ports/password-store.js'
import type { SessionSecrets } from './ports/session-secrets.js'
import type { SessionStore } from './ports/session-store.js'
import type { SignInLimits } from './ports/sign-in-limits.js'
import type { RecordingShareStore } from './ports/share-store.js'
import type { ShareInvitationStore } from './ports/share-invitation-store.js'
import type { NotesEditStore } from './ports/notes-edit-store.js'
import type { SecretBox } from './ports/secret-box.js'
import type { WebhookSender } from './ports/webhook-sender.js'
import type { WebhookStore } from './ports/webhook-store.js'
import type { BotRunner } from './ports/bot-runner.js'
import { type BotSettings, botUseCases, type EngineSettings, settleRunsForMeetings } from './bots/index.js'
import { type CalendarConnectionPorts, calendarConnectionUseCases, ownerNotices } from './calendars/index.js'
import { identityUseCases } from './identity/index.js'
import { meetingUseCases } from './meetings/index.js'
import { joiningUseCases, organizationUseCases, sharingUseCases } from './organizations/index.js'
import { recordingUseCases } from './recordings/index.js'
import { type ProcessDeps, processingUseCases } from './processing/index.js'
import { type UploadDeps, uploadUseCases } from './uploads/index.js'
import { webhookUseCases } from './webhooks/index.js'
import { speechUseCases } from './speech/index.js'
import type { SpeechModels } from './ports/speech-models.js'
import type { Mailer } from './ports/mailer.js'
import type { NotificationStore } from './ports/notification-store.js'
import { notificationUseCases } from './notifications/index.js'
import { liveUseCases } from './live/index.js'
import type { LiveAudio } from './ports/live-audio.js'
import type { LiveFeed } from './ports/live-feed.js'

export interface Ports
  extends Pick<UploadDeps, 'runs' | 'uploads' | 'notes' | 'maxUploadBytes' | 'maxTranscriptBytes'>,
    Pick<ProcessDeps, 'transcriptParser' | 'transcriber' | 'analyzer' | 'maxUtterances' | 'processingTimeout' | 'audioLengthMs'>,
    /** Meetings, calendar connections, calendar providers by kind and the sync settings. */
    Pick<
      CalendarConnectionPorts,
      'meetings' | 'calendarConnections' | 'calendars' | 'calendarSync' | 'calendarOAuth' | 'calendarOAuthSettings' | 'calendarPushAddress'
    > {
  readonly clock: Clock
  readonly ids: Ids
  readonly keySecrets: KeySecrets
  readonly accounts: AccountStore
  /** Each account's settings (its retention period). */
  readonly accountSettings: AccountSettingsStore
  /** Each organization's notes settings (each account's outside any): analyzer, notes server, default template. */
  readonly notesSettings: NotesSettingsStore
  /**
   * The analyzers the notes settings choose between, the template catalogue and the server test
   * (src/app/composition/notes-engines.ts). Absent: `analyzer` makes every recording's notes and no notes server can be set.
   */
  readonly notesEngines?: NotesEngines
  /**
   * The server's model files (DATA_DIR/models): listed, downloaded, added and removed by its
   * administrators, the speech engine following each change. Absent (an embedding without models): those routes say so.
   */
  readonly speechModels?: SpeechModels
  /** Where Whisper models download from (NOTETAKER_MODELS_URL), as GET /server/models reports it. */
  readonly modelsMirror?: string
  /** Sends mail (invites, shares) when the operator configured SMTP; absent: the link is shown to pass on. */
  readonly mailer?: Mailer
  /** Each account's in-app notifications (invites, recordings shared with it). */
  readonly notifications: NotificationStore
  /** How often the retention sweep runs (`NOTETAKER_RETENTION_SWEEP_MINUTES`); hourly when absent. */
  readonly retentionSweepMs?: number
  readonly organizations: OrganizationStore
  readonly apiKeys: ApiKeyStore
  /** Recordings shared with other people, by email. */
  readonly shares: RecordingShareStore
  /** The one-time links sent with shared recordings (an email with no account sets a password with one). */
  readonly shareInvitations: ShareInvitationStore
  /** The plan of accounts made by joining through an invite or a share link (`NOTETAKER_DEFAULT_PLAN`); `self-hosted` when absent. */
  readonly defaultPlanKey?: string
  /** What people changed in generated notes (speaker names, action items), kept apart so re-processing keeps it. */
  readonly notesEdits: NotesEditStore
  readonly rateLimiter: RateLimiter
  /** Signed-in browsers (the web app's session cookies). */
  readonly sessions: SessionStore
  readonly sessionSecrets: SessionSecrets
  /** Accounts' password hashes, and the slow hash that makes and checks them. */
  readonly passwords: PasswordStore
  readonly passwordHasher: PasswordHasher
  /** Sign-in attempts per email and per client address, apart from `rateLimiter`. */
  readonly signInLimits: SignInLimits
  /** How long a session lasts (`NOTETAKER_SESSION_DAYS`); 14 days when absent. */
  readonly sessionLifetimeMs?: number
  readonly idempotency: IdempotencyStore
  readonly plans: ReadonlyArray<Plan>
  readonly jobs: JobQueue
  readonly blobs: BlobStore
  readonly events: EventPublisher
  /** Webhook endpoints, their delivery log and the events sent to them. */
  readonly webhooks: WebhookStore
  readonly webhookSender: WebhookSender
  /** Encrypts stored secrets (webhook signing secrets). */
  readonly secretBox: SecretBox
  /** Starts bots in meetings (the simulated runner, or Chromium). */
  readonly botRunner: BotRunner
  /** The bot's name, how often it checks for a leave request, and how it waits. */
  readonly bots: BotSettings
  /** When the recording engine sends bots to scheduled meetings. */
  readonly engine: EngineSettings
  /** A number in [0, 1) for retry jitter; Math.random when absent. */
  readonly random?: () => number
  /** The address the web app is reached at (NOTETAKER_PUBLIC_URL); webhook payloads link to recordings with it. Absent: API paths only. */
  readonly publicUrl?: string
  /**
   * Each bot's live events (captions, speakers, states) for its stream, and leave requests to it,
   * across processes. Absent: bots publish nothing and live streams answer 503.
   */
  readonly liveFeed?: LiveFeed
  /** Decodes a bot's audio as it comes, for live lines from the audio when a platform shows no captions. Absent: none. */
  readonly liveAudio?: LiveAudio
}

export const buildCore = (ports: Ports) => {
  // Meeting changes reach the runs of those meetings (supersede on a move, cancel on removal).
  const meetingPorts = { ...ports, onMeetingsChanged: settleRunsForMeetings(ports) }
  const features = {
    /** Accounts, API keys and who a presented key is. */
    identity: identityUseCases(ports),
    /** Recordings (runs of every origin) with their notes, transcript and audio, and the monthly allowance. */
    recordings: recordingUseCases(ports),
    /** Uploads: announced, their file stored, tried again, deleted before their file came. */
    uploads: uploadUseCases(ports),
    /** Stored recordings (uploads' and bots') made into a transcript and notes (runs as `recording.process` jobs). */
    processing: processingUseCases(ports),
    /** Recordings shared with other people by email. */
    sharing: sharingUseCases(ports),
    /** Bots sent to live meetings, and the engine that sends them to scheduled ones (`bot.run`, `engine.schedule` jobs). */
    bots: botUseCases(ports),
    /** Webhook endpoints: registration, delivery log, secret rotation (deliveries run as `webhook.deliver` jobs). */
    webhooks: webhookUseCases(ports),
    /** Meetings (manual and from calendars) and the schedule of what will be recorded. */
    meetings: meetingUseCases(meetingPorts),
    /** Calendar connections and their sync (runs as `calendar.sync` jobs, periodic and on demand). */
    calendar: calendarConnectionUseCases({ ...meetingPorts, tellOwner: ownerNotices(ports) }),
    /** Organizations, members and invites (HTTP for organization-wide keys, CLI for operators). */
    organization: organizationUseCases(ports),
    /** Invite and share links: looking one up, and joining with it (a new account, signed in). */
    joining: joiningUseCases(ports),
    /** The speech engine and how well it transcribes, and the server's speech models (its administrators manage them). */
    speech: speechUseCases(ports),
    /** Bots' meetings while they happen: their live events, replayed and then streamed. */
    live: liveUseCases(ports),
    /** Telling people (in the app, and by mail when configured) of invites and shared recordings; each account's notifications. */
    notifications: notificationUseCases(ports),
  }
  /** What the worker runs, by job kind; each feature that queues work brings its handlers. */
  const jobHandlers: Record<string, JobHandler> = {
    ...features.webhooks.jobHandlers,
    ...features.processing.jobHandlers,
    ...features.calendar.jobHandlers,
    ...features.bots.jobHandlers,
    ...features.recordings.jobHandlers,
  }
  return { ...features, jobHandlers, ports }
}

export type Core = ReturnType<typeof buildCore>
