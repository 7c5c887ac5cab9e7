/**
 * The contract's shapes by name, as JSON: each the encoded side (`t.OutputOf`) of the codec a
 * route decodes its body with or encodes its answer with, so they cannot drift from the API.
 * The embedding facade answers and takes these (the package root exports them as `NotetakerJson`).
 */
import type * as t from 'io-ts'
import type { pageOf } from '../dispatch/envelope.js'
import type { ExportFormatName } from '../export/index.js'
import type { BotCodec, SendBotBody } from './bots.js'
import type { LiveEnd, LivePartial, LiveSpeaker, LiveState, LiveTokenCodec, LiveUtterance } from './live.js'
import type { ConnectionCodec, ConnectionPatchBody, NewConnectionBody, RuleOut } from './calendar.js'
import type { AllowanceCodec, MeCodec, PlanCodec } from './identity.js'
import type { CreatedKeyCodec, KeyCodec } from './keys.js'
import type { MeetingCodec, MeetingPatchBody, NewMeetingBody, Person as PersonCodec, ScheduleRowCodec } from './meetings.js'
import type { NotificationPageCodec, ReadBody, ReadCodec } from './notifications.js'
import type { AcceptedCodec, CreatedInviteCodec, InviteBody, InviteCodec, MemberCodec, OrganizationCodec } from './organization.js'
import type { ProfileBody, ProfileCodec } from './own-account.js'
import type { SettingsCodec, SettingsPatchBody } from './recording-deletion.js'
import type { ActionItemBody, NewActionItemBody, NotesBody, RenameRecordingBody, SpeakerBody, TopicBody } from './recording-edits.js'
import type { ActionItemCodec, RecordingDetailCodec, RecordingRow as RecordingRowCodec, SpeakerCodec, TopicCodec, TranscriptPage as TranscriptPageCodec } from './recordings.js'
import type { ServerCodec } from './server.js'
import type { ModelsCodec, SpeechModelCodec } from './server-models.js'
import type { SentShareCodec, ShareBody, ShareCodec } from './shares.js'
import type { CreateUploadBody, UploadCodec } from './uploads.js'
import type { CreateBody, DeletedCodec, DeliveryCodec, EndpointCodec, EndpointDetailCodec, EndpointWithSecretCodec, PatchBody, QueuedCodec } from './webhooks.js'

type Json<C extends t.Any> = t.OutputOf<C>

/** A page of a collection: `rows`, and where they sit in the whole (`total`, `limit`, `offset`). */
export type Page<Row> = Json<ReturnType<typeof pageOf<t.Type<Row>>>>

/** `GET /me`: the account, the organization the key reaches, the key and the plan. */
export type Me = Json<typeof MeCodec>
export type Plan = Json<typeof PlanCodec>
/** `GET /me/allowance`. */
export type Allowance = Json<typeof AllowanceCodec>
/** `PATCH /me`: the email only with a password session, which a facade account has not. */
export type ProfileChanges = Json<typeof ProfileBody>
/** `PATCH /me`: the account's own name and email, and a new email waiting for the link mailed to it. */
export type OwnAccount = Json<typeof ProfileCodec>
/** `GET /me/settings`: how long recordings are kept (`days` null: forever). */
export type Settings = Json<typeof SettingsCodec>
/** `PATCH /me/settings`: what is given replaces, the rest stays. */
export type SettingsChanges = Json<typeof SettingsPatchBody>

/** An API key as `GET /keys` lists it: never the key itself. */
export type ApiKey = Json<typeof KeyCodec>
/** `POST /keys`: the key with its secret, shown only there. */
export type CreatedApiKey = Json<typeof CreatedKeyCodec>

/** `GET /server`: the speech engine now (how accurate, whether the caller may manage models) and what would make the notes. */
export type Server = Json<typeof ServerCodec>
/** `GET /server/models`: the engine, the catalog's models with their state here, and the mirror. */
export type SpeechModels = Json<typeof ModelsCodec>
/** One speech model of the server's catalog, as its administrators see it. */
export type SpeechModel = Json<typeof SpeechModelCodec>

/** A row of `GET /recordings` and `GET /bots`. */
export type RecordingRow = Json<typeof RecordingRowCodec>
/** `GET /recordings/{runId}`: the recording with its notes (and, when asked, the first utterances). */
export type Recording = Json<typeof RecordingDetailCodec>
/** `PATCH /recordings/{runId}`: its new title. */
export type RecordingChanges = Json<typeof RenameRecordingBody>
/** `GET /recordings/{runId}/transcript`: a page of utterances. */
export type TranscriptPage = Json<typeof TranscriptPageCodec>
export type Utterance = TranscriptPage['rows'][number]
/** A speaker of a recording (`speakers[]`), as `PATCH /recordings/{runId}/speakers/{speakerId}` answers it. */
export type Speaker = Json<typeof SpeakerCodec>
/** An action item (`actionItems[]`), as `PATCH /recordings/{runId}/action-items/{itemId}` answers it. */
export type ActionItem = Json<typeof ActionItemCodec>
/** A topic of a recording (`topics[]`), as `PATCH /recordings/{runId}/topics/{topicId}` answers it. */
export type Topic = Json<typeof TopicCodec>
/** `PATCH /recordings/{runId}/speakers/{speakerId}`: a name, an email, or both. */
export type SpeakerChanges = Json<typeof SpeakerBody>
/** `PATCH /recordings/{runId}/action-items/{itemId}`: any of status, owner, due and title. */
export type ActionItemChanges = Json<typeof ActionItemBody>
/** `POST /recordings/{runId}/action-items`: a title, and an owner and due date if known. */
export type NewActionItem = Json<typeof NewActionItemBody>
/** `PATCH /recordings/{runId}/notes`: any of the summaries and the decisions; null restores the generated one. */
export type NotesChanges = Json<typeof NotesBody>
/** `PATCH /recordings/{runId}/topics/{topicId}`: the label, or null for the generated one. */
export type TopicChanges = Json<typeof TopicBody>
/** What `GET /recordings/{runId}/export?format=` makes: md, vtt, srt, txt or json. */
export type ExportFormat = ExportFormatName

export type RecordingShare = Json<typeof ShareCodec>
/** `POST /recordings/{runId}/shares`: the share, with the one-time link to pass on when it was not mailed. */
export type SentRecordingShare = Json<typeof SentShareCodec>
export type NewShare = Json<typeof ShareBody>

export type Upload = Json<typeof UploadCodec>
export type NewUpload = Json<typeof CreateUploadBody>
export type Bot = Json<typeof BotCodec>
export type NewBot = Json<typeof SendBotBody>
/** One event of a bot's live stream (`GET /bots/{runId}/live`): the `data` of a Server-Sent Event, and a WebSocket message. */
export type LiveEvent = Json<typeof LiveUtterance> | Json<typeof LivePartial> | Json<typeof LiveSpeaker> | Json<typeof LiveState> | Json<typeof LiveEnd>
/** `POST /bots/{runId}/live-token`: a token that opens one run's stream for a few minutes, without a key. */
export type LiveToken = Json<typeof LiveTokenCodec>

export type Person = Json<typeof PersonCodec>
export type Meeting = Json<typeof MeetingCodec>
export type NewMeeting = Json<typeof NewMeetingBody>
export type MeetingChanges = Json<typeof MeetingPatchBody>
/** A row of `GET /meetings/schedule`: whether the meeting will be recorded, and its current run. */
export type ScheduleRow = Json<typeof ScheduleRowCodec>

export type CalendarRule = Json<typeof RuleOut>
export type CalendarConnection = Json<typeof ConnectionCodec>
export type NewCalendarConnection = Json<typeof NewConnectionBody>
export type CalendarConnectionChanges = Json<typeof ConnectionPatchBody>

export type WebhookEndpoint = Json<typeof EndpointCodec>
/** `POST /webhooks` and a rotation: the endpoint with its signing secret, shown only there. */
export type WebhookEndpointWithSecret = Json<typeof EndpointWithSecretCodec>
/** `GET /webhooks/{id}`: the endpoint with its delivery health over the last 24 hours. */
export type WebhookEndpointDetail = Json<typeof EndpointDetailCodec>
export type NewWebhook = Json<typeof CreateBody>
export type WebhookChanges = Json<typeof PatchBody>
export type DeletedWebhook = Json<typeof DeletedCodec>
export type WebhookDelivery = Json<typeof DeliveryCodec>
export type QueuedResend = Json<typeof QueuedCodec>

/** `GET /organization`. */
export type Organization = Json<typeof OrganizationCodec>
export type Member = Json<typeof MemberCodec>
export type Invite = Json<typeof InviteCodec>
/** `POST /organization/invites`: the invite with its one-time token. */
export type CreatedInvite = Json<typeof CreatedInviteCodec>
export type NewInvite = Json<typeof InviteBody>
export type AcceptedInvite = Json<typeof AcceptedCodec>

/** `GET /notifications`: the account's notifications, newest first, with `unreadCount`. */
export type NotificationPage = Json<typeof NotificationPageCodec>
/** `POST /notifications/read`: `{ ids }` or `{ all: true }`. */
export type NotificationsToRead = Json<typeof ReadBody>
/** What `POST /notifications/read` answers: how many were marked, how many are still unread. */
export type NotificationsRead = Json<typeof ReadCodec>
