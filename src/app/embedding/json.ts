/**
 * The API's JSON shapes, as the facade of `createNotetaker` answers and takes them
 * (the package root exports them as the `NotetakerJson` namespace). Where the HTTP
 * adapter exports a codec, the type is read off it (`t.TypeOf`); the others mirror
 * the codecs of the route files, and test/app/notetaker-types.test.ts holds each of
 * them equal to the type generated from the served OpenAPI document, so they cannot drift.
 */
import type * as t from 'io-ts'
import type { BotCodec } from '../../../adapters/driving/http-koa/contract/bots.js'
import type {
  ActionItemCodec,
  TopicCodec,
  RecordingDetailCodec,
  RecordingRow as RecordingRowCodec,
  SpeakerCodec,
  TranscriptPage as TranscriptPageCodec,
} from '../../../adapters/driving/http-koa/contract/recordings.js'
import type { UploadCodec } from '../../../adapters/driving/http-koa/contract/uploads.js'
import type { MeCodec } from '../../../adapters/driving/http-koa/contract/identity.js'
import type { ServerCodec } from '../../../adapters/driving/http-koa/contract/server.js'
import type { ModelsCodec, SpeechModelCodec } from '../../../adapters/driving/http-koa/contract/server-models.js'
import type { ActionItemBody, NewActionItemBody, NotesBody, SpeakerBody, TopicBody } from '../../../adapters/driving/http-koa/contract/recording-edits.js'
import type { ExportFormatName } from '../../../adapters/driving/http-koa/export/index.js'
import type { NotificationPageCodec, ReadBody, ReadCodec } from '../../../adapters/driving/http-koa/contract/notifications.js'
import type { Access } from '../../core/domain/api-key.js'
import type { ConnectionProvider, ConnectionStatus } from '../../core/domain/calendar-connection.js'
import type { RuleKind } from '../../core/domain/calendar-rules.js'
import type { ResponseStatus } from '../../core/domain/calendar-event.js'
import type { EventName, SubscribableEvent } from '../../core/domain/events.js'
import type { Role } from '../../core/domain/organization.js'
import type { MeetingPlatform } from '../../core/domain/platform.js'
import type { AutoJoin, SkipReason } from '../../core/domain/recording-decision.js'
import type { RunPhase, RunState } from '../../core/domain/run.js'
import type { Scope } from '../../core/domain/share.js'
import type { UploadKind } from '../../core/domain/upload.js'
import type { Utterance as UtteranceRecord } from '../../core/domain/utterance.js'

// ── Read off the HTTP adapter's codecs ──────────────────────────────────────

/** `GET /me`: the account, the organization the key reaches, the key and the plan. */
export type Me = t.TypeOf<typeof MeCodec>
/** `GET /server`: the speech engine now (how accurate, whether the caller may manage models) and what would make the notes. */
export type Server = t.TypeOf<typeof ServerCodec>
/** `GET /server/models`: the engine, the catalog's models with their state here, and the mirror. */
export type SpeechModels = t.TypeOf<typeof ModelsCodec>
/** One speech model of the server's catalog, as its administrators see it. */
export type SpeechModel = t.TypeOf<typeof SpeechModelCodec>
/** A row of `GET /recordings` and `GET /bots`. */
export type RecordingRow = t.TypeOf<typeof RecordingRowCodec>
/** `GET /recordings/{runId}`: the recording with its notes (and, when asked, the first utterances). */
export type Recording = t.TypeOf<typeof RecordingDetailCodec>
/** `GET /recordings/{runId}/transcript`: a page of utterances. */
export type TranscriptPage = t.TypeOf<typeof TranscriptPageCodec>
export type Utterance = UtteranceRecord
export type Upload = t.TypeOf<typeof UploadCodec>
export type Bot = t.TypeOf<typeof BotCodec>
/** A speaker of a recording (`speakers[]`), as `PATCH /recordings/{runId}/speakers/{speakerId}` answers it. */
export type Speaker = t.TypeOf<typeof SpeakerCodec>
/** An action item (`actionItems[]`), as `PATCH /recordings/{runId}/action-items/{itemId}` answers it. */
export type ActionItem = t.TypeOf<typeof ActionItemCodec>
/** `PATCH /recordings/{runId}/speakers/{speakerId}`: a name, an email, or both. */
export type SpeakerChanges = t.TypeOf<typeof SpeakerBody>
/** `PATCH /recordings/{runId}/action-items/{itemId}`: any of status, owner, due and title. */
export type ActionItemChanges = t.TypeOf<typeof ActionItemBody>
/** `POST /recordings/{runId}/action-items`: a title, and an owner and due date if known. */
export type NewActionItem = t.TypeOf<typeof NewActionItemBody>
/** `PATCH /recordings/{runId}/notes`: any of the summaries and the decisions; null restores the generated one. */
export type NotesChanges = t.TypeOf<typeof NotesBody>
/** `PATCH /recordings/{runId}/topics/{topicId}`: the label, or null for the generated one. */
export type TopicChanges = t.TypeOf<typeof TopicBody>
/** A topic of a recording (`topics[]`), as `PATCH /recordings/{runId}/topics/{topicId}` answers it. */
export type Topic = t.TypeOf<typeof TopicCodec>
/** What `GET /recordings/{runId}/export?format=` makes: md, vtt, srt, txt or json. */
export type ExportFormat = ExportFormatName
/** `GET /notifications`: the account's notifications, newest first, with `unreadCount`. */
export type NotificationPage = t.TypeOf<typeof NotificationPageCodec>
/** `POST /notifications/read`: `{ ids }` or `{ all: true }`. */
export type NotificationsToRead = t.TypeOf<typeof ReadBody>
/** What `POST /notifications/read` answers: how many were marked, how many are still unread. */
export type NotificationsRead = t.TypeOf<typeof ReadCodec>

// ── Mirrors of the route files' codecs ──────────────────────────────────────

/** A page of a collection: `rows`, and where they sit in the whole (`total`, `limit`, `offset`). */
export interface Page<Row> {
  rows: Row[]
  total: number
  limit: number
  offset: number
}

/** Paging of the collections: `limit` rows (1 to 100, 25 by default) from `offset` (0). */
export interface PageQuery {
  readonly limit?: number
  readonly offset?: number
}

export interface Plan {
  key: string
  paid: boolean
  /** Null: unlimited. */
  monthlyRecordings: number | null
}

/** `GET /me/allowance`. */
export interface Allowance {
  plan: Plan
  since: string
  used: number
  /** Null on an unlimited plan. */
  left: number | null
}

export interface Person {
  name: string
  email: string
}

export interface Meeting {
  id: string
  title: string
  link: string | null
  description: string
  location: string
  startsAt: string
  durationMinutes: number
  source: string
  connectionId: string | null
  isAllDay: boolean
  isRecurring: boolean
  attendees: Array<Person & { responseStatus: ResponseStatus }>
  attendeeCount: number
  organizer: Person | null
  responseStatus: ResponseStatus | null
  externalUrl: string | null
  recordOverride: boolean | null
  createdAt: string
}

export interface NewMeeting {
  readonly title: string
  readonly link: string
  readonly startsAt: string
  readonly description?: string
  readonly durationMinutes?: number
}

export interface MeetingChanges {
  readonly title?: string
  readonly link?: string
  readonly description?: string
  readonly startsAt?: string
  readonly durationMinutes?: number
  readonly recordOverride?: boolean | null
}

/** `GET /meetings`: meetings not ended by `from` and starting before `to` (ISO 8601). */
export interface MeetingQuery extends PageQuery {
  readonly from?: string
  readonly to?: string
}

/** `GET /meetings/schedule`: the window is required, at most 92 days. */
/** `GET /me/settings`: how long recordings are kept (`days` null: forever). */
export interface Settings {
  retention: { days: number | null; scope: 'audio' | 'everything' }
}

/** `PATCH /me/settings`: what is given replaces, the rest stays. */
export interface SettingsChanges {
  readonly retention?: { readonly days?: number | null; readonly scope?: 'audio' | 'everything' }
}

/** `GET /recordings` and `GET /bots`: search words and filters, all optional and combinable (see the API guide). */
export interface RecordingQuery extends PageQuery {
  readonly q?: string
  /** ISO 8601: recordings starting at or after it. */
  readonly from?: string
  /** ISO 8601: recordings starting before it. */
  readonly to?: string
  /** Comma-separated: calendar, manual, upload. */
  readonly origin?: string
  /** Comma-separated run states. */
  readonly state?: string
  /** Comma-separated: pending, in_call, processing, done. */
  readonly phase?: string
  readonly owned?: 'mine' | 'shared'
}

export interface ScheduleQuery extends PageQuery {
  readonly from: string
  readonly to: string
}

export interface ScheduleRow {
  meetingId: string
  title: string
  startsAt: string
  endsAt: string
  /** A calendar's all-day event: startsAt is 00:00 UTC of its first date; show its dates, not times. */
  isAllDay: boolean
  runId: string | null
  platform: MeetingPlatform | null
  phase: RunPhase | null
  state: RunState | null
  skipReason: SkipReason | null
  willRecord: boolean
  detail: string | null
  waitedSeconds: number | null
  recordingSeconds: number | null
  joinedAt: string | null
  endedAt: string | null
  hasNotes: boolean
}

export interface NewUpload {
  readonly filename: string
  readonly title?: string
  readonly contentType?: string
  readonly byteSize?: number
  readonly startsAt?: string
  readonly kind?: UploadKind
  /** The language spoken: a code such as `de` or `pt-BR`, or `auto` to detect it; absent for the engine's default. */
  readonly language?: string
  /** The summary template for its notes (an id of GET /notes-settings' `templates`); absent: the default at analysis time. */
  readonly template?: string
}

export interface NewBot {
  readonly joinUrl: string
  readonly title?: string
  /** The summary template for its notes (an id of GET /notes-settings' `templates`); absent: the default at analysis time. */
  readonly template?: string
}

export interface RecordingShare {
  id: string
  runId: string
  email: string
  scope: Scope
  createdAt: string
}

export interface NewShare {
  readonly email: string
  readonly scope: Scope
}

/** `POST /recordings/{runId}/shares`: the share, with the one-time link to pass on when it was not mailed. */
export interface SentRecordingShare extends RecordingShare {
  link: string
  mailed: boolean
  mailProblem: string | null
}

export interface WebhookEndpoint {
  id: string
  url: string
  description: string | null
  events: SubscribableEvent[]
  status: 'active' | 'disabled'
  consecutiveFailures: number
  lastDeliveryAt: string | null
  lastStatus: number | null
  disabledReason: string | null
  previousSecretExpiresAt: string | null
  createdAt: string
  updatedAt: string
}

/** `POST /webhooks` and a rotation: the endpoint with its signing secret, shown only there. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string
}

/** `GET /webhooks/{id}`: the endpoint with its delivery health over the last 24 hours. */
export interface WebhookEndpointDetail extends WebhookEndpoint {
  recentDeliveries: { succeeded: number; failed: number; since: string }
}

export interface NewWebhook {
  readonly url: string
  readonly events: ReadonlyArray<SubscribableEvent>
  readonly description?: string | null
}

export interface WebhookChanges {
  readonly url?: string
  readonly events?: ReadonlyArray<SubscribableEvent>
  readonly status?: 'active' | 'disabled'
  readonly description?: string | null
}

export interface DeletedWebhook {
  id: string
  deleted: true
}

export interface WebhookDelivery {
  id: string
  eventId: string
  eventType: EventName
  trigger: 'event' | 'resend' | 'test'
  attempt: number
  outcome: 'succeeded' | 'will_retry' | 'failed'
  statusCode: number | null
  durationMs: number
  error: string | null
  nextAttemptAt: string | null
  /** The JSON body sent (cut when long); null on attempts logged before bodies were kept. */
  payload: string | null
  /** The first characters of the receiver's answer. */
  response: string | null
  createdAt: string
}

export interface QueuedResend {
  endpointId: string
  eventId: string
  eventType: EventName
  queuedAt: string
}

export interface CalendarRule {
  kind: RuleKind
  value: string
}

export interface CalendarConnection {
  id: string
  provider: ConnectionProvider
  /** The name its person gave it, else the feed's own, else the host of its address. */
  name: string
  accountEmail: string
  calendarId: string
  status: ConnectionStatus
  autoJoin: AutoJoin
  joinRules: CalendarRule[]
  barRules: CalendarRule[]
  /** false (the default): meetings the account declined are not recorded. */
  recordDeclined: boolean
  lastSyncedAt: string | null
  lastError: string | null
  warnings: string[]
  /** Its meetings under way or still to come. */
  upcomingMeetings: number
  createdAt: string
}

export interface NewCalendarConnection {
  readonly provider: ConnectionProvider
  readonly url: string
  /** Null or empty: the feed's own name. */
  readonly name?: string | null
  readonly autoJoin?: AutoJoin
  readonly joinRules?: ReadonlyArray<CalendarRule>
  readonly barRules?: ReadonlyArray<CalendarRule>
  readonly recordDeclined?: boolean
}

export interface CalendarConnectionChanges {
  /** Null or empty: back to the feed's own name. */
  readonly name?: string | null
  readonly autoJoin?: AutoJoin
  readonly joinRules?: ReadonlyArray<CalendarRule>
  readonly barRules?: ReadonlyArray<CalendarRule>
  readonly recordDeclined?: boolean
}

/** `GET /organization`. */
export interface Organization {
  id: string
  name: string
  createdAt: string
  memberCount: number
}

export interface Member {
  accountId: string
  name: string
  email: string
  role: Role
  joinedAt: string
}

export interface Invite {
  id: string
  email: string
  role: Role
  status: 'pending' | 'expired'
  invitedBy: string | null
  createdAt: string
  expiresAt: string
}

/** `POST /organization/invites`: the invite with its one-time token. */
export interface CreatedInvite extends Invite {
  token: string
  /** The web app's join page with the token: pass it on when `mailed` is false. */
  link: string
  mailed: boolean
  mailProblem: string | null
}

/** `PATCH /me`: the email only with a password session, which a facade account has not. */
export interface ProfileChanges {
  readonly name?: string
  readonly email?: string
  readonly currentPassword?: string
}

/** `PATCH /me`: the account's own name and email, and a new email waiting for the link mailed to it. */
export interface OwnAccount {
  id: string
  name: string
  email: string
  pendingEmail: string | null
}

export interface NewInvite {
  readonly email: string
  readonly role: Role
}

export interface AcceptedInvite {
  organization: { id: string; name: string }
  role: Role
  joinedAt: string
}

// ── The operator's side (what `notetaker accounts|keys|organizations ... --json` prints) ──

/** An account, as the operator sees it. */
export interface Account {
  id: string
  name: string
  email: string
  planKey: string
  organizationId: string | null
  /** One of this server's administrators, who manage its speech models. */
  serverAdmin: boolean
  createdAt: string
}

export interface NewAccount {
  readonly name: string
  readonly email: string
  /** One of the configured plans; `NOTETAKER_DEFAULT_PLAN` when absent. */
  readonly plan?: string
  /** Creates an organization of this name with the account in it. */
  readonly organization?: string
  /** Makes it one of this server's administrators (who manage its speech models); false when absent. */
  readonly serverAdmin?: boolean
}

/** An API key as listed: never the key itself, which is shown once, when issued. */
export interface ApiKeyInfo {
  id: string
  accountId: string
  name: string
  publicId: string
  access: Access
  organizationWide: boolean
  expiresAt: string | null
  revokedAt: string | null
  createdAt: string
}

/** A new key: `key` is the secret (`ntk_...`), shown only here. */
export interface IssuedKey extends ApiKeyInfo {
  key: string
}

export interface NewKey {
  /** The account's id or email. */
  readonly account: string
  /** `full` (the default) or `readonly`. */
  readonly access?: Access
  /** Reaches the account's organization (the /organization routes); false by default. */
  readonly organizationWide?: boolean
  readonly expiresInDays?: number | null
  /** A label; `embedded` when absent. */
  readonly name?: string
}

export interface RevokedKey {
  id: string
  revokedAt: string | null
  /** It had been revoked before; nothing changed. */
  alreadyRevoked: boolean
}

export interface OrganizationCreated {
  id: string
  name: string
  createdAt: string
}

export interface Membership {
  organizationId: string
  accountId: string
  role: Role
  joinedAt: string
}
