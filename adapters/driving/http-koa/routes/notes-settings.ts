import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from '../../../../src/core/domain/notes/notes-settings.js'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { NotesSettingsCodec, NotesSettingsBody, TestBody, TestResult, notesSettingsView, serverTestView } from '../contract/notes-settings.js'

const FORBIDDEN =
  'The key is read-only; or the caller is in an organization and is not one of its owners or admins, or calls with a key that is not organization-wide (FORBIDDEN). The same refusal as the organization-admin routes.'
const WHO =
  'The settings of the caller\'s organization (every member\'s recordings use them), or of the caller\'s account when it is in none. Owners and admins change them, with an organization-wide key or a signed-in session; outside an organization the account itself does.'

/** Which analyzer makes the notes, with which server, and the default summary template. */
export const notesSettingsRoutes = (core: Core) => [
  route({
    operationId: 'getNotesSettings', method: 'get', path: '/notes-settings', tag: 'Notes', access: 'read',
    summary: 'Which analyzer makes the notes, and the templates',
    description: `${WHO} Any key of the account reads them. The key of the server is never answered: \`hasKey\` says whether one is saved.`,
    success: { status: 200, description: 'The notes settings.', data: NotesSettingsCodec },
    handle: ({ actor }) => pipe(core.recordings.readNotesSettings(actor), TE.map((v) => ({ data: notesSettingsView(v) }))),
  }),
  route({
    operationId: 'updateNotesSettings', method: 'put', path: '/notes-settings', tag: 'Notes', access: 'write',
    summary: 'Choose the analyzer, its server and the default template',
    description: `${WHO} The next recording analysed uses them, without a restart (one already being analysed keeps what it started with). \`{"analyzer": "openai", "openai": {"url": "http://127.0.0.1:11434", "model": "llama3.1:8b", "contextTokens": 8192}, "defaultTemplate": "standup"}\`. When the server fails, the recording keeps notes by the built-in analyzer and says so (\`failedStage\` \`analysing\`, \`notesMadeBy.fallbackReason\`). Answers the settings as saved.`,
    body: NotesSettingsBody,
    errorNotes: {
      FORBIDDEN,
      VALIDATION_ERROR: `A bad field (VALIDATION_ERROR, \`details\` names it): \`openai.url\` not http(s) or refused by the address policy, \`openai.model\` empty, \`openai.contextTokens\` not a whole number from ${MIN_CONTEXT_TOKENS} to ${MAX_CONTEXT_TOKENS}, \`defaultTemplate\` not a template id of this server, \`openai\` missing while \`analyzer\` is \`openai\`, or an unknown field.`,
    },
    success: { status: 200, description: 'The notes settings as saved.', data: NotesSettingsCodec },
    handle: ({ actor, body }) => pipe(core.recordings.updateNotesSettings(actor, body), TE.map((v) => ({ data: notesSettingsView(v) }))),
  }),
  route({
    operationId: 'testNotesServer', method: 'post', path: '/notes-settings/test', tag: 'Notes', access: 'write',
    summary: 'Ask a notes server for a short answer',
    description:
      'Sends a short sample to the server given in the body; the fields left out come from the saved server (no body: the saved server as it is; a `key` left out: the saved key). Answers 200 whatever the server did: `ok` with its `answer`, or `ok: false` with the `error` in words (a server that is down is the test\'s result, not an error of this request). Nothing is saved. Same permission as PUT /notes-settings.',
    body: TestBody,
    errorNotes: {
      FORBIDDEN,
      VALIDATION_ERROR: `A bad field (VALIDATION_ERROR, \`details\` names it): no \`url\` or \`model\` given and none saved, an address refused by the policy, \`contextTokens\` out of ${MIN_CONTEXT_TOKENS} to ${MAX_CONTEXT_TOKENS}, or an unknown field.`,
    },
    success: { status: 200, description: 'What the server answered, or why it did not.', data: TestResult },
    handle: ({ actor, body }) => pipe(core.recordings.testNotesServer(actor, body), TE.map((r) => ({ data: serverTestView(r) }))),
  }),
]
