/**
 * The facade's JSON types (`NotetakerJson`, src/app/embedding/shapes.ts) against the types
 * generated from the served OpenAPI document (clients/typescript, which has its own drift test
 * against the server): checked by `npm run typecheck`. Most are read off the HTTP contract's
 * codecs, so this holds that they are read off the right codec, on the JSON side (`t.OutputOf`:
 * a `t.Int` is a number, not a branded one), and that the few the facade declares itself (the
 * queries) take what the API takes. Answers must match both ways (no field missing, none extra,
 * the same optionality); inputs must take every body the API takes, with the same fields required.
 * The one runtime test only keeps uvu honest.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { JsonBody, Method, Operation, paths, SuccessData } from '../../clients/typescript/src/types.js'
import type { LiveEvent as ClientLiveEvent } from '../../clients/typescript/src/index.js'
import type { NotetakerJson as Json } from '../../src/index.js'

type Data<P extends keyof paths, M extends Method> = SuccessData<Operation<P, M>>
type Body<P extends keyof paths, M extends Method> = JsonBody<Operation<P, M>>
type RowOf<P> = P extends { rows: Array<infer R> } ? R : never

/** Each assignable to the other: the same fields, types and optionality (readonly aside). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T]
/** An input of the facade takes every body the API takes, and requires the same fields. */
type Takes<Mine, Api> = [Api] extends [Mine] ? Same<keyof Mine, keyof Api> extends true ? Same<RequiredKeys<Mine>, RequiredKeys<Api>> : false : false

const holds = <T extends true>(..._: T[]) => undefined

export const answers = () =>
  holds<
    | Same<Json.Me, Data<'/me', 'get'>>
    | Same<Json.Server, Data<'/server', 'get'>>
    | Same<Json.SpeechModels, Data<'/server/models', 'get'>>
    | Same<Json.SpeechModel, Data<'/server/models', 'post'>>
    | Same<Json.SpeechModel, Data<'/server/models/{name}/content', 'put'>>
    | Same<Json.Allowance, Data<'/me/allowance', 'get'>>
    | Same<Json.Page<Json.RecordingRow>, Data<'/recordings', 'get'>>
    | Same<Json.Page<Json.RecordingRow>, Data<'/bots', 'get'>>
    | Same<Json.Recording, Data<'/recordings/{runId}', 'get'>>
    | Same<Json.Recording, Data<'/recordings/{runId}', 'patch'>>
    | Same<Json.Recording, Data<'/recordings/{runId}/notes', 'patch'>>
    | Same<Json.Topic, Data<'/recordings/{runId}/topics/{topicId}', 'patch'>>
    | Same<Json.ActionItem, Data<'/recordings/{runId}/action-items', 'post'>>
    | Same<Json.TranscriptPage, Data<'/recordings/{runId}/transcript', 'get'>>
    | Same<Json.SentRecordingShare, Data<'/recordings/{runId}/shares', 'post'>>
    | Same<Json.OwnAccount, Data<'/me', 'patch'>>
    | Same<Json.Organization, Data<'/organization', 'post'>>
    | Same<Json.Page<Json.RecordingShare>, Data<'/recordings/{runId}/shares', 'get'>>
    | Same<Json.Upload, Data<'/uploads/{uploadId}', 'get'>>
    | Same<Json.Page<Json.Upload>, Data<'/uploads', 'get'>>
    | Same<Json.Bot, Data<'/bots', 'post'>>
    | Same<Json.Bot, Data<'/bots/{runId}/leave', 'post'>>
    | Same<Json.LiveToken, Data<'/bots/{runId}/live-token', 'post'>>
    | Same<Json.LiveEvent, ClientLiveEvent>
    | Same<Json.Meeting, Data<'/meetings/{id}', 'get'>>
    | Same<Json.Page<Json.Meeting>, Data<'/meetings', 'get'>>
    | Same<Json.ScheduleRow, RowOf<Data<'/meetings/schedule', 'get'>>>
    | Same<Json.Page<Json.ScheduleRow>, Data<'/meetings/schedule', 'get'>>
    | Same<Json.CalendarConnection, Data<'/calendar/connections/{id}', 'get'>>
    | Same<Json.Page<Json.CalendarConnection>, Data<'/calendar/connections', 'get'>>
    | Same<Json.WebhookEndpoint, Data<'/webhooks/{id}', 'patch'>>
    | Same<Json.Page<Json.WebhookEndpoint>, Data<'/webhooks', 'get'>>
    | Same<Json.WebhookEndpointWithSecret, Data<'/webhooks', 'post'>>
    | Same<Json.WebhookEndpointWithSecret, Data<'/webhooks/{id}/rotate-secret', 'post'>>
    | Same<Json.WebhookEndpointDetail, Data<'/webhooks/{id}', 'get'>>
    | Same<Json.DeletedWebhook, Data<'/webhooks/{id}', 'delete'>>
    | Same<Json.Page<Json.WebhookDelivery>, Data<'/webhooks/{id}/deliveries', 'get'>>
    | Same<Json.QueuedResend, Data<'/webhooks/{id}/deliveries/{deliveryId}/resend', 'post'>>
    | Same<Json.QueuedResend, Data<'/webhooks/{id}/test', 'post'>>
    | Same<Json.Organization, Data<'/organization', 'get'>>
    | Same<Json.Page<Json.Member>, Data<'/organization/members', 'get'>>
    | Same<Json.Member, Data<'/organization/members/{accountId}', 'patch'>>
    | Same<Json.Page<Json.Invite>, Data<'/organization/invites', 'get'>>
    | Same<Json.CreatedInvite, Data<'/organization/invites', 'post'>>
    | Same<Json.AcceptedInvite, Data<'/organization/invites/accept', 'post'>>
    | Same<Json.Speaker, Data<'/recordings/{runId}/speakers/{speakerId}', 'patch'>>
    | Same<Json.ActionItem, Data<'/recordings/{runId}/action-items/{itemId}', 'patch'>>
    | Same<Json.Settings, Data<'/me/settings', 'get'>>
    | Same<Json.Settings, Data<'/me/settings', 'patch'>>
    | Same<Json.NotificationPage, Data<'/notifications', 'get'>>
    | Same<Json.NotificationsRead, Data<'/notifications/read', 'post'>>
    | Same<Json.Page<Json.ApiKey>, Data<'/keys', 'get'>>
    | Same<Json.CreatedApiKey, Data<'/keys', 'post'>>
    | Same<Json.Utterance, RowOf<Data<'/recordings/{runId}/transcript', 'get'>>>
  >()

export const inputs = () =>
  holds<
    | Takes<Json.NewUpload, Body<'/uploads', 'post'>>
    | Takes<Json.NewBot, Body<'/bots', 'post'>>
    | Takes<Json.NewMeeting, Body<'/meetings', 'post'>>
    | Takes<Json.MeetingChanges, Body<'/meetings/{id}', 'patch'>>
    | Takes<Json.NewShare, Body<'/recordings/{runId}/shares', 'post'>>
    | Takes<Json.NewWebhook, Body<'/webhooks', 'post'>>
    | Takes<Json.WebhookChanges, Body<'/webhooks/{id}', 'patch'>>
    | Takes<Json.NewCalendarConnection, Body<'/calendar/connections', 'post'>>
    | Takes<Json.CalendarConnectionChanges, Body<'/calendar/connections/{id}', 'patch'>>
    | Takes<Json.NewInvite, Body<'/organization/invites', 'post'>>
    | Takes<Json.ProfileChanges, Body<'/me', 'patch'>>
    | Takes<Json.MeetingQuery, NonNullable<Operation<'/meetings', 'get'>['parameters']['query']>>
    | Takes<Json.ScheduleQuery, Operation<'/meetings/schedule', 'get'>['parameters']['query']>
    | Takes<Json.RecordingQuery, NonNullable<Operation<'/recordings', 'get'>['parameters']['query']>>
    | Takes<Json.RecordingQuery, NonNullable<Operation<'/bots', 'get'>['parameters']['query']>>
    | Takes<Json.SpeakerChanges, Body<'/recordings/{runId}/speakers/{speakerId}', 'patch'>>
    | Takes<Json.ActionItemChanges, Body<'/recordings/{runId}/action-items/{itemId}', 'patch'>>
    | Takes<Json.NewActionItem, Body<'/recordings/{runId}/action-items', 'post'>>
    | Takes<Json.NotesChanges, Body<'/recordings/{runId}/notes', 'patch'>>
    | Takes<Json.TopicChanges, Body<'/recordings/{runId}/topics/{topicId}', 'patch'>>
    | Takes<Json.RecordingChanges, Body<'/recordings/{runId}', 'patch'>>
    | Takes<Json.SettingsChanges, Body<'/me/settings', 'patch'>>
    | Takes<Json.NotificationsToRead, Body<'/notifications/read', 'post'>>
    | Takes<{ format?: Json.ExportFormat }, NonNullable<Operation<'/recordings/{runId}/export', 'get'>['parameters']['query']>>
  >()

// The checks fail when they should: a type with a field too many, or one taking less than the API.
// @ts-expect-error an answer with an extra field is not the API's
holds<Same<Json.Allowance & { extra: string }, Data<'/me/allowance', 'get'>>>()
// @ts-expect-error an input that requires a field the API leaves optional
holds<Takes<Json.NewBot & { title: string }, Body<'/bots', 'post'>>>()

test('the facade\'s JSON types are the API\'s (checked by tsc)', () => {
  assert.type(answers, 'function')
  assert.type(inputs, 'function')
})

test.run()
