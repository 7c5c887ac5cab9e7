/** The wire shapes of the edits of a recording's notes: title, speakers, action items, summaries, decisions and topics. */
import * as t from 'io-ts'
import {
  MAX_DECISION_LENGTH,
  MAX_DECISIONS,
  MAX_DETAILED_SUMMARY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_SHORT_SUMMARY_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TOPIC_LENGTH,
} from '../../../../src/core/domain/notes/notes-edits.js'
import { ActionItemStatus } from '../../../../src/core/domain/notes/notes.js'
import { annotate } from '../openapi/codec-schema.js'

export const SpeakerBody = t.partial(
  {
    name: annotate(t.string, { description: `The speaker's name, 1 to ${MAX_NAME_LENGTH} characters (trimmed); shown instead of the label everywhere.` }),
    email: annotate(t.union([t.string, t.null]), { description: 'The attendee email the speaker is, or null to forget it.' }),
  },
  'RenameSpeaker',
)

export const ActionItemBody = t.partial(
  {
    status: annotate(ActionItemStatus, { description: '`done` marks the item done; `active` opens it again.' }),
    owner: annotate(t.union([t.string, t.null]), { description: `Who owes it, 1 to ${MAX_NAME_LENGTH} characters; null for nobody.` }),
    due: annotate(t.union([t.string, t.null]), { description: 'A day written YYYY-MM-DD, or null for no due date.' }),
    title: annotate(t.string, { description: `1 to ${MAX_TITLE_LENGTH} characters (trimmed).` }),
  },
  'EditActionItem',
)
const nullableText = (description: string) => annotate(t.union([t.string, t.null]), { description })

export const RenameRecordingBody = t.type(
  { title: annotate(t.string, { description: `The recording's new title, 1 to ${MAX_TITLE_LENGTH} characters (trimmed).` }) },
  'RenameRecording',
)

export const NotesBody = t.partial(
  {
    shortSummary: nullableText(`The short summary as people wrote it, 1 to ${MAX_SHORT_SUMMARY_LENGTH.toLocaleString('en')} characters (trimmed); null for the generated one.`),
    detailedSummary: nullableText(`The detailed summary, 1 to ${MAX_DETAILED_SUMMARY_LENGTH.toLocaleString('en')} characters (trimmed; lines starting "- " are bullets); null for the generated one.`),
    decisions: annotate(t.union([t.array(t.string), t.null]), {
      description: `The whole list of decisions as edited, in order (at most ${MAX_DECISIONS}, each 1 to ${MAX_DECISION_LENGTH.toLocaleString('en')} characters): edit one by changing its text, delete one by leaving it out, add one by adding it; [] for none. A text the analyzer also wrote keeps its citation (\`by\`, \`atMs\`, \`speaker\`); a new one has none. null for the generated decisions.`,
    }),
  },
  'EditNotes',
)

export const TopicBody = t.type(
  { label: nullableText(`The topic's label, 1 to ${MAX_TOPIC_LENGTH} characters (trimmed); null for the generated one.`) },
  'EditTopic',
)

export const NewActionItemBody = t.intersection(
  [
    t.type({ title: annotate(t.string, { description: `What is to be done, 1 to ${MAX_TITLE_LENGTH} characters (trimmed).` }) }),
    t.partial({
      owner: annotate(t.union([t.string, t.null]), { description: `Who owes it, 1 to ${MAX_NAME_LENGTH} characters; null or left out for nobody.` }),
      due: annotate(t.union([t.string, t.null]), { description: 'A day written YYYY-MM-DD; null or left out for no due date.' }),
    }),
  ],
  'NewActionItem',
)
