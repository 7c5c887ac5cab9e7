import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../../../../src/core/domain/identity/account-settings.js'
import type { Core } from '../../../../src/core/build-core.js'
import { uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { SettingsCodec, SettingsPatchBody, accountSettingsView } from '../contract/recording-deletion.js'

const noContent = TE.map(() => ({ status: 204, data: null }))

const DELETED = 'Deleted: nothing is answered.'

/** Deleting recordings and uploads, and how long an account keeps its recordings. */
export const recordingDeletionRoutes = (core: Core) => [
  route({
    operationId: 'deleteRecording', method: 'delete', path: '/recordings/{runId}', tag: 'Recordings', access: 'write',
    summary: 'Delete a recording',
    description: [
      'Removes the recording for good: its notes, transcript, audio and transcript files, its upload record and its shares (it stops reaching the people it was shared with). It disappears from every list at once; deleting it again answers 404.',
      'A bot still in the meeting (or about to join) is made to leave first; what it records until it has left is removed as soon as it stops, and nothing of it is processed.',
      'Deleting does not give back allowance already used: a deleted recording still counts against the month it was made in (one that had produced nothing yet, such as a bot not yet admitted, does not).',
      'Only the owner deletes: a recording shared with the caller answers 404.',
    ].join(' '),
    params: { runId: uuidPath("The recording (run) id; one of the key's own recordings.") },
    errorNotes: {
      NOT_FOUND: "No such recording among the key's own: another account's recording, one only shared with the caller, and one already deleted answer 404 (NOT_FOUND).",
    },
    success: { status: 204, description: DELETED, data: t.null },
    handle: ({ actor, params }) => noContent(core.recordings.deleteRecording(actor, params.runId)),
  }),
  route({
    operationId: 'deleteUpload', method: 'delete', path: '/uploads/{uploadId}', tag: 'Uploads', access: 'write',
    summary: 'Delete an upload whose file was never sent',
    description:
      'For an upload still at stage `pending` (its file never sent with PUT /uploads/{uploadId}/content): removes the upload and its recording. It produced nothing, so it does not count against the monthly allowance. Once the file is sent, the upload is a recording like any other: delete it with DELETE /recordings/{runId} (this route answers 409 saying so).',
    params: { uploadId: uuidPath('The upload id.') },
    errors: ['CONFLICT'],
    errorNotes: {
      NOT_FOUND: "No such upload among the key's own, or it was deleted already (NOT_FOUND).",
      CONFLICT: 'The file of this upload was already sent: delete its recording with DELETE /recordings/{runId} instead; the message names it (CONFLICT).',
    },
    success: { status: 204, description: DELETED, data: t.null },
    handle: ({ actor, params }) => noContent(core.uploads.deleteUpload(actor, params.uploadId)),
  }),
  route({
    operationId: 'getSettings', method: 'get', path: '/me/settings', tag: 'Account', access: 'read',
    summary: "The account's settings: how long recordings are kept",
    description: '`retention.days` null (the default) keeps recordings forever.',
    success: { status: 200, description: 'The settings.', data: SettingsCodec },
    handle: ({ actor }) => pipe(core.recordings.readSettings(actor), TE.map((s) => ({ data: accountSettingsView(s) }))),
  }),
  route({
    operationId: 'updateSettings', method: 'patch', path: '/me/settings', tag: 'Account', access: 'write',
    summary: "Change the account's settings",
    description:
      'Sets how long recordings are kept: `{"retention": {"days": 30, "scope": "audio"}}`. A background sweep then removes, once an hour by default, what is older: the audio only, or the whole recording. `days: null` keeps everything from then on (what was removed stays removed). Answers the settings as they are now.',
    body: SettingsPatchBody,
    errorNotes: { VALIDATION_ERROR: `\`retention.days\` is not a whole number from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS} or null, \`retention.scope\` is not \`audio\` or \`everything\`, or a field is unknown (VALIDATION_ERROR, details name the field).` },
    success: { status: 200, description: 'The settings as changed.', data: SettingsCodec },
    handle: ({ actor, body }) => pipe(core.recordings.updateSettings(actor, body), TE.map((s) => ({ data: accountSettingsView(s) }))),
  }),
]
