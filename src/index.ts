/**
 * The library entry: build the core from a record of adapters. The HTTP server,
 * the CLI and programs that embed Notetaker all go through this.
 */
import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import type { Plan } from './core/domain/account.js'
import type { AccountStore, OrganizationStore } from './core/ports/account-store.js'
import type { ApiKeyStore } from './core/ports/api-key-store.js'
import type { BlobStore } from './core/ports/blob-store.js'
import type { Clock } from './core/ports/clock.js'
import type { EventPublisher } from './core/ports/event-publisher.js'
import type { IdempotencyStore } from './core/ports/idempotency-store.js'
import type { Ids } from './core/ports/ids.js'
import type { JobHandler } from './core/ports/job-handler.js'
import type { JobQueue } from './core/ports/job-queue.js'
import type { KeySecrets } from './core/ports/key-secrets.js'
import type { RateLimiter } from './core/ports/rate-limiter.js'
import type { SecretBox } from './core/ports/secret-box.js'
import type { WebhookSender } from './core/ports/webhook-sender.js'
import type { WebhookStore } from './core/ports/webhook-store.js'
import { authenticate } from './core/use-cases/authenticate.js'
import { createAccount } from './core/use-cases/create-account.js'
import { findAccount } from './core/use-cases/find-account.js'
import { getIdentity } from './core/use-cases/get-identity.js'
import { issueApiKey } from './core/use-cases/issue-api-key.js'
import { organizationUseCases } from './core/use-cases/organization-use-cases.js'
import { type RecordingDeps, recordingUseCases } from './core/use-cases/recording-use-cases.js'
import { revokeApiKey } from './core/use-cases/revoke-api-key.js'
import { settleRunsForMeetings } from './core/use-cases/settle-runs-for-meetings.js'
import { webhookUseCases } from './core/use-cases/webhook-use-cases.js'
import { type CalendarConnectionPorts, calendarConnectionUseCases } from './core/use-cases/calendar-connection-use-cases.js'
import { meetingUseCases } from './core/use-cases/meeting-use-cases.js'
import type { BotRunner } from './core/ports/bot-runner.js'
import { type BotSettings, botUseCases, type EngineSettings } from './core/use-cases/bot-use-cases.js'

export interface Ports
  extends Pick<RecordingDeps, 'runs' | 'uploads' | 'notes' | 'shares' | 'transcriptParser' | 'transcriber' | 'analyzer' | 'maxUploadBytes'>,
    /** Meetings, calendar connections, calendar providers by kind and the sync settings. */
    Pick<CalendarConnectionPorts, 'meetings' | 'calendarConnections' | 'calendars' | 'calendarSync'> {
  readonly clock: Clock
  readonly ids: Ids
  readonly keySecrets: KeySecrets
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly apiKeys: ApiKeyStore
  readonly rateLimiter: RateLimiter
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
}

export const buildCore = (ports: Ports) => {
  const find = findAccount(ports)
  /** What the worker runs, by job kind; every area adds its own. */
  const jobHandlers: Record<string, JobHandler> = {}
  const webhooks = webhookUseCases(ports)
  Object.assign(jobHandlers, webhooks.jobHandlers)
  const recordings = recordingUseCases(ports)
  Object.assign(jobHandlers, recordings.jobHandlers)
  // Meeting changes reach the runs of those meetings (supersede on a move, cancel on removal).
  const meetingDeps = { ...ports, onMeetingsChanged: settleRunsForMeetings(ports) }
  const calendar = calendarConnectionUseCases(meetingDeps)
  Object.assign(jobHandlers, calendar.jobHandlers)
  const bots = botUseCases(ports)
  Object.assign(jobHandlers, bots.jobHandlers)
  return {
    jobHandlers,
    ports,
    authenticate: authenticate(ports),
    getIdentity: getIdentity(ports),
    createAccount: createAccount(ports),
    findAccount: find,
    issueApiKey: issueApiKey(ports),
    revokeApiKey: revokeApiKey(ports),
    /** Recordings, uploads and their processing (runs as `recording.process` jobs). */
    recordings,
    /** Bots sent to live meetings, and the engine that sends them to scheduled ones (`bot.run`, `engine.schedule` jobs). */
    bots,
    /** Webhook endpoints: registration, delivery log, secret rotation (deliveries run as `webhook.deliver` jobs). */
    webhooks,
    /** Meetings (manual and from calendars) and the schedule of what will be recorded. */
    meetings: meetingUseCases(meetingDeps),
    /** Calendar connections and their sync (runs as `calendar.sync` jobs, periodic and on demand). */
    calendar,
    /** Organizations, members and invites (HTTP for organization-wide keys, CLI for operators). */
    organization: organizationUseCases(ports),
    listApiKeys: (idOrEmail: string) =>
      pipe(
        find(idOrEmail),
        TE.flatMap((account) => ports.apiKeys.listForAccount(account.id)),
      ),
  }
}

export type Core = ReturnType<typeof buildCore>

export type { Ports as NotetakerPorts }
export * from './core/errors.js'
export type { Actor, ApiKey } from './core/domain/api-key.js'
export type { Account, Organization, Plan } from './core/domain/account.js'
export type { Invite, Member, Membership, Role } from './core/domain/organization.js'
export type { Meeting, MeetingChange } from './core/domain/meeting.js'
export type { CalendarConnection } from './core/domain/calendar-connection.js'
export { decideForMeeting } from './core/domain/meeting-decision.js'
export type { MeetingChangeListener } from './core/use-cases/meeting-access.js'
export type { BotEvent, BotJob, BotRunner, BotSession } from './core/ports/bot-runner.js'
export { BOT_JOB, type BotSettings, type EngineSettings } from './core/use-cases/bot-use-cases.js'
