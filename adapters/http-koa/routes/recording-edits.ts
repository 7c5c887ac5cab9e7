import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { MAX_NAME_LENGTH, MAX_TITLE_LENGTH } from '../../../src/core/domain/notes-edits.js'
import type { Core } from '../../../src/index.js'
import { annotate } from '../codec-schema.js'
import { uuidPath } from '../params.js'
import { route } from '../route.js'
import { ActionItemCodec, actionItemView, SpeakerCodec } from '../schemas/recordings.js'

const runId = uuidPath('The recording (run) id.')

const WHO =
  'Only the owner of the recording edits it, with a full-access key (a read-only key gets 403). A recording shared with the caller, at any scope, answers 404 like one that does not exist: shares give reading only.'
const KEPT = 'Edits are stored apart from the generated notes and applied whenever the recording is read, so processing the recording again (a retry) keeps them.'

export const SpeakerBody = t.partial(
  {
    name: annotate(t.string, { description: `The speaker's name, 1 to ${MAX_NAME_LENGTH} characters (trimmed); shown instead of the label everywhere.` }),
    email: annotate(t.union([t.string, t.null]), { description: 'The attendee email the speaker is, or null to forget it.' }),
  },
  'RenameSpeaker',
)

export const ActionItemBody = t.partial(
  {
    status: annotate(t.keyof({ active: null, done: null }), { description: '`done` marks the item done; `active` opens it again.' }),
    owner: annotate(t.union([t.string, t.null]), { description: `Who owes it, 1 to ${MAX_NAME_LENGTH} characters; null for nobody.` }),
    due: annotate(t.union([t.string, t.null]), { description: 'A day written YYYY-MM-DD, or null for no due date.' }),
    title: annotate(t.string, { description: `1 to ${MAX_TITLE_LENGTH} characters (trimmed).` }),
  },
  'EditActionItem',
)

export const recordingEditRoutes = (core: Core) => [
  route({
    operationId: 'renameSpeaker', method: 'patch', path: '/recordings/{runId}/speakers/{speakerId}', tag: 'Recordings', access: 'write',
    summary: 'Name a speaker, or map it to an attendee',
    description: `Gives a speaker of the transcript ("Speaker 1") a name, an email, or both. The new name shows in the transcript (\`GET /recordings/{runId}/transcript\`, \`include=transcript\`), the speaker statistics, the attendees (with the email), action item owners and decisions that named the speaker, and the exports. Fields left out keep their value; a body with neither is 422. ${KEPT} ${WHO}`,
    params: { runId, speakerId: uuidPath('The speaker id, from `speakers[].id` of the recording.') },
    body: SpeakerBody,
    errorNotes: {
      NOT_FOUND: "No such recording (another account's, or one only shared with the caller), the recording has no notes yet, or it has no such speaker.",
      VALIDATION_ERROR: 'An empty or too long `name`, an `email` that is not an email address, or neither field given; `details` names the field.',
    },
    success: { status: 200, description: 'The speaker as it now reads.', data: SpeakerCodec },
    handle: ({ actor, params, body }) =>
      pipe(core.recordings.renameSpeaker(actor, params.runId, params.speakerId, body), TE.map((s) => ({ data: { ...s } }))),
  }),
  route({
    operationId: 'editActionItem', method: 'patch', path: '/recordings/{runId}/action-items/{itemId}', tag: 'Recordings', access: 'write',
    summary: 'Mark an action item done, or change its owner, due date or title',
    description: `Sets any of \`status\`, \`owner\`, \`due\` and \`title\`; fields left out keep their value (an empty body is 422). ${KEPT} ${WHO}`,
    params: { runId, itemId: uuidPath('The action item id, from `actionItems[].id` of the recording.') },
    body: ActionItemBody,
    errorNotes: {
      NOT_FOUND: "No such recording (another account's, or one only shared with the caller), the recording has no notes yet, or it has no such action item.",
      VALIDATION_ERROR: 'An empty or too long `title` or `owner`, a `due` that is not a day written YYYY-MM-DD, an unknown `status`, or no field given; `details` names the field.',
    },
    success: { status: 200, description: 'The action item as it now reads.', data: ActionItemCodec },
    handle: ({ actor, params, body }) =>
      pipe(core.recordings.editActionItem(actor, params.runId, params.itemId, body), TE.map((a) => ({ data: actionItemView(a) }))),
  }),
]
