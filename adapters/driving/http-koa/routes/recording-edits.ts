import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Actor } from '../../../../src/core/domain/identity/api-key.js'
import type { RecordingDetail } from '../../../../src/core/recordings/index.js'
import type { Core } from '../../../../src/core/build-core.js'
import { uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { ActionItemCodec, actionItemView, RecordingDetailCodec, recordingDetail, SpeakerCodec, TopicCodec, topicView } from '../contract/recordings.js'
import { SpeakerBody, ActionItemBody, RenameRecordingBody, NotesBody, TopicBody, NewActionItemBody } from '../contract/recording-edits.js'

const runId = uuidPath('The recording (run) id.')

const WHO =
  'Only the owner of the recording edits it, with a full-access key (a read-only key gets 403). A recording shared with the caller, at any scope, answers 404 like one that does not exist: shares give reading only.'
const KEPT = 'Edits are stored apart from the generated notes and applied whenever the recording is read, so processing the recording again (a retry) keeps them.'

const RESET = 'null for a part goes back to what the analyzer wrote; a part left out stays as it is.'

const NO_RUN = "No such recording (another account's, or one only shared with the caller)"

export const recordingEditRoutes = (core: Core) => {
  /** The answer of a change to the recording: the recording as it now reads. */
  const recordingNow = (actor: Actor, runId: string) => TE.map((d: RecordingDetail) => ({ data: recordingDetail(d) }))(core.recordings.getRecording(actor, runId, false))
  return [
    route({
      operationId: 'renameRecording', method: 'patch', path: '/recordings/{runId}', tag: 'Recordings', access: 'write',
      summary: 'Rename a recording',
      description: `Sets the recording's title, which lists, search, exports and webhook events then show. The title belongs to the recording, not to its notes: processing the recording again never changes it. ${WHO}`,
      params: { runId },
      body: RenameRecordingBody,
      errorNotes: { NOT_FOUND: `${NO_RUN}.`, VALIDATION_ERROR: 'A `title` that is missing, empty or too long; `details` names the field.' },
      success: { status: 200, description: 'The recording as it now reads.', data: RecordingDetailCodec },
      handle: ({ actor, params, body }) => pipe(core.recordings.renameRecording(actor, params.runId, body.title), TE.flatMap(() => recordingNow(actor, params.runId))),
    }),
    route({
      operationId: 'editNotes', method: 'patch', path: '/recordings/{runId}/notes', tag: 'Recordings', access: 'write',
      summary: 'Rewrite the summaries or the decisions',
      description: `Replaces the short summary, the detailed summary or the list of decisions with what a person wrote; ${RESET} The recording's \`edited\` then says which parts were rewritten, when, and what the analyzer wrote. An empty body is 422. ${KEPT} ${WHO}`,
      params: { runId },
      body: NotesBody,
      errorNotes: {
        NOT_FOUND: `${NO_RUN}, or the recording has no notes yet.`,
        VALIDATION_ERROR: 'An empty or too long summary or decision, too many decisions, or no part given; `details` names the field.',
      },
      success: { status: 200, description: 'The recording as it now reads.', data: RecordingDetailCodec },
      handle: ({ actor, params, body }) => pipe(core.recordings.editNotes(actor, params.runId, body), TE.flatMap(() => recordingNow(actor, params.runId))),
    }),
    route({
      operationId: 'editTopic', method: 'patch', path: '/recordings/{runId}/topics/{topicId}', tag: 'Recordings', access: 'write',
      summary: "Relabel a topic",
      description: `Sets the label of one topic; null goes back to the generated label (the topic's \`edited.generated\`). ${KEPT} ${WHO}`,
      params: { runId, topicId: uuidPath('The topic id, from `topics[].id` of the recording.') },
      body: TopicBody,
      errorNotes: {
        NOT_FOUND: `${NO_RUN}, the recording has no notes yet, or it has no such topic.`,
        VALIDATION_ERROR: 'A `label` that is missing, empty or too long; `details` names the field.',
      },
      success: { status: 200, description: 'The topic as it now reads.', data: TopicCodec },
      handle: ({ actor, params, body }) => pipe(core.recordings.editTopic(actor, params.runId, params.topicId, body.label), TE.map((tp) => ({ data: topicView(tp) }))),
    }),
    route({
      operationId: 'addActionItem', method: 'post', path: '/recordings/{runId}/action-items', tag: 'Recordings', access: 'write',
      summary: 'Add an action item the notes missed',
      description: `Adds an item after the generated ones, \`active\`, with no sentence it came from (\`context\` empty, \`atMs\` null). It is edited and deleted like the others. ${KEPT} ${WHO}`,
      params: { runId },
      body: NewActionItemBody,
      errorNotes: {
        NOT_FOUND: `${NO_RUN}, or the recording has no notes yet.`,
        VALIDATION_ERROR: 'A `title` that is missing, empty or too long, an empty or too long `owner`, or a `due` that is not a day written YYYY-MM-DD; `details` names the field.',
      },
      success: { status: 201, description: 'The new action item.', data: ActionItemCodec },
      handle: ({ actor, params, body }) => pipe(core.recordings.addActionItem(actor, params.runId, body), TE.map((a) => ({ status: 201, data: actionItemView(a) }))),
    }),
    route({
      operationId: 'deleteActionItem', method: 'delete', path: '/recordings/{runId}/action-items/{itemId}', tag: 'Recordings', access: 'write',
      summary: 'Delete an action item',
      description: `Removes an item, generated or added, from the notes and their exports. A deleted generated item stays deleted when the recording is processed again; deleting it again answers 404. ${WHO}`,
      params: { runId, itemId: uuidPath('The action item id, from `actionItems[].id` of the recording.') },
      errorNotes: { NOT_FOUND: `${NO_RUN}, the recording has no notes yet, or it has no such action item (or it was deleted).` },
      success: { status: 204, description: 'Deleted: nothing is answered.', data: t.null },
      handle: ({ actor, params }) => pipe(core.recordings.deleteActionItem(actor, params.runId, params.itemId), TE.map(() => ({ status: 204, data: null }))),
    }),
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
}
