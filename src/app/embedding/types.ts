/**
 * The facade `createNotetaker` answers: the operator's side (`Notetaker`) and an
 * account's view (`NotetakerAccount`), promise-based, in the API's JSON shapes.
 */
import type { Readable } from 'node:stream'
import type { Config } from '../config/index.js'
import type * as Json from './shapes.js'
import type { Core } from '../../core/build-core.js'

/** What the bytes of an upload may be: in memory, a stream, or a file path (a string is always a path). */
export type UploadContent = Uint8Array | Readable | AsyncIterable<Uint8Array> | string | URL

export interface WaitOptions {
  /** How often the upload is read; 250 ms by default. */
  readonly pollMs?: number
  /** Stops waiting (e.g. `AbortSignal.timeout(60_000)`); the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal
}

export interface AudioFile {
  /** e.g. audio/wav, audio/mpeg. */
  readonly contentType: string
  readonly byteSize: number
  readonly stream: Readable
}

export interface ExportFile {
  /** e.g. text/markdown; charset=utf-8. */
  readonly contentType: string
  /** The file name the API suggests (`Content-Disposition`). */
  readonly filename: string
  readonly stream: Readable
}

/**
 * How the operator acts as an account without a key (`nt.as(accountIdOrEmail, options)`):
 * full access and the account alone by default, as a key issued with no options.
 */
export interface ActAsOptions {
  readonly access?: 'full' | 'readonly'
  /** Reach the account's organization, as an organization-wide key does. */
  readonly organizationWide?: boolean
}

/**
 * One account's view: every method is a route of the API (named in its comment),
 * checks the caller's rights as that route does, and answers its JSON `data`, or
 * throws NotetakerError with the route's error code.
 */
export interface NotetakerAccount {
  /** `GET /me` */
  me(): Promise<Json.Me>
  /** `GET /me/allowance` */
  allowance(): Promise<Json.Allowance>
  /** `PATCH /me`: the account's own name (its email needs a password session, which the facade has not). */
  updateMe(changes: Json.ProfileChanges): Promise<Json.OwnAccount>
  /** `GET /server`: the speech engine (how accurate it is, whether this account may manage models) and what would make the notes. */
  server(): Promise<Json.Server>
  /** The server's speech models, for its administrators (anyone else: FORBIDDEN). */
  readonly speechModels: {
    /** `GET /server/models` */
    list(): Promise<Json.SpeechModels>
    /** `POST /server/models`: starts (or resumes) the download in the background; the model `downloading`, or `present` when it is here. */
    pull(name: string): Promise<Json.SpeechModel>
    /** `PUT /server/models/{name}/content`: the model's file (bytes, a stream, or a file path), checked and put in place. */
    add(name: string, content: UploadContent): Promise<Json.SpeechModel>
    /** `DELETE /server/models/{name}` */
    remove(name: string): Promise<void>
  }
  /** What the account was told in the app: invites, recordings shared with it. */
  readonly notifications: {
    /** `GET /notifications`: newest first, with `unreadCount`. */
    list(query?: Json.PageQuery): Promise<Json.NotificationPage>
    /** `POST /notifications/read`: `{ ids }` or `{ all: true }`. */
    markRead(selection: Json.NotificationsToRead): Promise<Json.NotificationsRead>
  }
  /** `GET /meetings/schedule`: what will be recorded between `from` and `to`. */
  schedule(query: Json.ScheduleQuery): Promise<Json.Page<Json.ScheduleRow>>
  /** `GET /me/settings`: how long recordings are kept. */
  settings(): Promise<Json.Settings>
  /** `PATCH /me/settings` */
  updateSettings(changes: Json.SettingsChanges): Promise<Json.Settings>
  readonly recordings: {
    /** `GET /recordings`: newest first; with `q`, found recordings most relevant first, each with its `match`. */
    list(query?: Json.RecordingQuery): Promise<Json.Page<Json.RecordingRow>>
    /** `GET /recordings/{runId}`; `transcript: true` adds the first utterances (`include=transcript`). */
    get(runId: string, options?: { readonly transcript?: boolean }): Promise<Json.Recording>
    /** `GET /recordings/{runId}/transcript` */
    transcript(runId: string, query?: Json.PageQuery): Promise<Json.TranscriptPage>
    /** `GET /recordings/{runId}/audio`, the whole file. */
    audio(runId: string): Promise<AudioFile>
    /** `POST /recordings/{runId}/shares` */
    share(runId: string, share: Json.NewShare): Promise<Json.SentRecordingShare>
    /** `GET /recordings/{runId}/shares` */
    shares(runId: string): Promise<Json.Page<Json.RecordingShare>>
    /** `DELETE /recordings/{runId}/shares/{shareId}` */
    unshare(runId: string, shareId: string): Promise<Json.RecordingShare>
    /** `DELETE /recordings/{runId}`: the recording, its notes, transcript, files and shares. */
    delete(runId: string): Promise<void>
    /** `PATCH /recordings/{runId}/speakers/{speakerId}` */
    renameSpeaker(runId: string, speakerId: string, changes: Json.SpeakerChanges): Promise<Json.Speaker>
    /** `PATCH /recordings/{runId}/action-items/{itemId}` */
    editActionItem(runId: string, itemId: string, changes: Json.ActionItemChanges): Promise<Json.ActionItem>
    /** `POST /recordings/{runId}/action-items` */
    addActionItem(runId: string, item: Json.NewActionItem): Promise<Json.ActionItem>
    /** `DELETE /recordings/{runId}/action-items/{itemId}`: generated or added; stays deleted when processed again. */
    deleteActionItem(runId: string, itemId: string): Promise<void>
    /** `PATCH /recordings/{runId}`: the recording's title. */
    rename(runId: string, title: string): Promise<Json.Recording>
    /** `PATCH /recordings/{runId}/notes`: the summaries and decisions; null restores the generated text. */
    editNotes(runId: string, changes: Json.NotesChanges): Promise<Json.Recording>
    /** `PATCH /recordings/{runId}/topics/{topicId}` */
    editTopic(runId: string, topicId: string, changes: Json.TopicChanges): Promise<Json.Topic>
    /** `GET /recordings/{runId}/export?format=`, md by default. */
    export(runId: string, format?: Json.ExportFormat): Promise<ExportFile>
  }
  readonly uploads: {
    /** `POST /uploads` (1 of 2). */
    create(upload: Json.NewUpload): Promise<Json.Upload>
    /** `PUT /uploads/{uploadId}/content` (2 of 2): bytes, a stream, or a file path. Processing starts at once. */
    putContent(uploadId: string, content: UploadContent): Promise<Json.Upload>
    /** `GET /uploads` */
    list(query?: Json.PageQuery): Promise<Json.Page<Json.Upload>>
    /** `GET /uploads/{uploadId}` */
    get(uploadId: string): Promise<Json.Upload>
    /** `POST /uploads/{uploadId}/retry` */
    retry(uploadId: string): Promise<Json.Upload>
    /** `DELETE /uploads/{uploadId}`, for an upload whose file was never sent. */
    delete(uploadId: string): Promise<void>
    /**
     * Reads the upload until its stage is `ready` or `failed` and answers it (check `stage`,
     * and `error` when failed). Needs a worker: this one's (`worker: true`) or another process's.
     */
    waitUntilProcessed(uploadId: string, options?: WaitOptions): Promise<Json.Upload>
  }
  readonly bots: {
    /** `POST /bots` */
    send(bot: Json.NewBot): Promise<Json.Bot>
    /** `POST /bots/{runId}/leave` */
    leave(runId: string): Promise<Json.Bot>
    /** `GET /bots` (the rows of `GET /recordings`, with the same filters). */
    list(query?: Json.RecordingQuery): Promise<Json.Page<Json.RecordingRow>>
    /**
     * `GET /bots/{runId}/live`: the bot's events as they happen (states, speakers, partial and finished
     * lines, the end; the iteration ends with it), after `lastEventId` (0: what is still buffered).
     * Break out of the loop to stop.
     */
    live(runId: string, options?: { readonly lastEventId?: number }): AsyncIterable<Json.LiveEvent>
    /**
     * `POST /bots/{runId}/live-token`: a token that opens the bot's stream for a few minutes without a key,
     * for a browser page when the program also serves the API (`createHttpApp(nt.core, ...)`): `?token=` on the stream's address.
     */
    liveToken(runId: string): Promise<Json.LiveToken>
  }
  readonly meetings: {
    /** `GET /meetings` */
    list(query?: Json.MeetingQuery): Promise<Json.Page<Json.Meeting>>
    /** `POST /meetings` */
    create(meeting: Json.NewMeeting): Promise<Json.Meeting>
    /** `GET /meetings/{id}` */
    get(id: string): Promise<Json.Meeting>
    /** `PATCH /meetings/{id}` */
    update(id: string, changes: Json.MeetingChanges): Promise<Json.Meeting>
    /** `DELETE /meetings/{id}` */
    delete(id: string): Promise<Json.Meeting>
    /** `GET /meetings/schedule`, as `schedule()`. */
    schedule(query: Json.ScheduleQuery): Promise<Json.Page<Json.ScheduleRow>>
  }
  readonly calendars: {
    /** `GET /calendar/connections` */
    list(): Promise<Json.Page<Json.CalendarConnection>>
    /** `POST /calendar/connections` */
    connect(connection: Json.NewCalendarConnection): Promise<Json.CalendarConnection>
    /** `GET /calendar/connections/{id}` */
    get(id: string): Promise<Json.CalendarConnection>
    /** `PATCH /calendar/connections/{id}` */
    update(id: string, changes: Json.CalendarConnectionChanges): Promise<Json.CalendarConnection>
    /** `DELETE /calendar/connections/{id}` */
    delete(id: string): Promise<Json.CalendarConnection>
    /** `POST /calendar/connections/{id}/sync` */
    sync(id: string): Promise<Json.CalendarConnection>
  }
  readonly webhooks: {
    /** `GET /webhooks` */
    list(): Promise<Json.Page<Json.WebhookEndpoint>>
    /** `POST /webhooks`: the answer holds the signing secret, shown only here. */
    create(webhook: Json.NewWebhook): Promise<Json.WebhookEndpointWithSecret>
    /** `GET /webhooks/{id}` */
    get(id: string): Promise<Json.WebhookEndpointDetail>
    /** `PATCH /webhooks/{id}` */
    update(id: string, changes: Json.WebhookChanges): Promise<Json.WebhookEndpoint>
    /** `DELETE /webhooks/{id}` */
    delete(id: string): Promise<Json.DeletedWebhook>
    /** `POST /webhooks/{id}/rotate-secret` */
    rotateSecret(id: string): Promise<Json.WebhookEndpointWithSecret>
    /** `GET /webhooks/{id}/deliveries` */
    deliveries(id: string, query?: Json.PageQuery): Promise<Json.Page<Json.WebhookDelivery>>
    /** `POST /webhooks/{id}/deliveries/{deliveryId}/resend` */
    resend(id: string, deliveryId: string): Promise<Json.QueuedResend>
    /** `POST /webhooks/{id}/test`: a `webhook.test` event to this endpoint alone. */
    sendTest(id: string): Promise<Json.QueuedResend>
  }
  /** The /organization routes: they need an organization-wide key (or `as(account, { organizationWide: true })`), except `acceptInvite`. */
  readonly organization: {
    /** `GET /organization` */
    get(): Promise<Json.Organization>
    /** `POST /organization`: a server administrator in no organization founds one. */
    create(name: string): Promise<Json.Organization>
    /** `GET /organization/members` */
    members(query?: Json.PageQuery): Promise<Json.Page<Json.Member>>
    /** `PATCH /organization/members/{accountId}` */
    changeRole(accountId: string, role: Json.Member['role']): Promise<Json.Member>
    /** `DELETE /organization/members/{accountId}` */
    removeMember(accountId: string): Promise<Json.Member>
    /** `GET /organization/invites` */
    invites(): Promise<Json.Page<Json.Invite>>
    /** `POST /organization/invites`: the answer holds the one-time token. */
    invite(invite: Json.NewInvite): Promise<Json.CreatedInvite>
    /** `DELETE /organization/invites/{inviteId}` */
    revokeInvite(inviteId: string): Promise<Json.Invite>
    /** `POST /organization/invites/accept`, by the invited account. */
    acceptInvite(token: string): Promise<Json.AcceptedInvite>
  }
}

/**
 * A Notetaker running in this process. Its methods are the operator's (what the
 * `notetaker` CLI does); `as()` gives an account's view of the API.
 */
export interface Notetaker {
  readonly accounts: {
    create(account: Json.NewAccount): Promise<Json.Account>
    /** By id or email. */
    get(idOrEmail: string): Promise<Json.Account>
  }
  readonly keys: {
    /** A new API key; its secret (`key`) is shown only in this answer. */
    create(key: Json.NewKey): Promise<Json.IssuedKey>
    /** The keys of an account (by id or email), without their secrets. */
    list(account: string): Promise<Json.ApiKeyInfo[]>
    revoke(keyId: string): Promise<Json.RevokedKey>
  }
  readonly organizations: {
    /** An organization, with `owner` (an account's id or email) as its owner. */
    create(organization: { readonly name: string; readonly owner: string }): Promise<Json.OrganizationCreated>
    addMember(member: { readonly organizationId: string; readonly account: string; readonly role: Json.Member['role'] }): Promise<Json.Membership>
  }
  /**
   * An account's view. Given an account's id (a UUID) or email, the operator acts as that
   * account: full access to the account alone unless `options` say otherwise, and `me().key.id`
   * is the nil UUID. Anything else is taken as an API key (`ntk_...`): calls act with that
   * key's rights, checked on every call (a revoked key is refused from then on, 401).
   */
  as(keyOrAccount: string, options?: ActAsOptions): NotetakerAccount
  /** The configuration it runs with, decoded as the service decodes its environment. */
  readonly config: Config
  /**
   * The core itself (`buildCore` over the opened adapters), for what the facade does not
   * cover: its use cases answer fp-ts TaskEithers. `createHttpApp(nt.core, ...)` serves the API over it.
   */
  readonly core: Core
  /** Stops the worker (bots leave, running jobs get 10 s) and closes the stores; calls made after it throw. */
  close(): Promise<void>
}
