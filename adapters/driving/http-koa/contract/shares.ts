/** The wire shapes of a recording's shares: a share, one just sent, and the body that sends one. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { Email } from '../../../../src/core/domain/identity/account.js'
import { type Share, ShareScope } from '../../../../src/core/domain/recordings/share.js'
import { annotate, formatted } from '../openapi/codec-schema.js'

const Scope = annotate(ShareScope, {
  description: '`full`: everything the owner sees. `summary`: summaries, attendees, topics, action items and speaker statistics, but no transcript and no audio.',
})
export const ShareCodec = t.exact(
  t.type({ id: formatted('uuid'), runId: formatted('uuid'), email: formatted('email'), scope: Scope, createdAt: formatted('date-time') }),
  'RecordingShare',
)
export const SentShareCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    runId: formatted('uuid'),
    email: formatted('email'),
    scope: Scope,
    createdAt: formatted('date-time'),
    link: annotate(t.string, { description: 'The one-time link to the recording, through the web app\'s join page (the token in its fragment). Pass it on when `mailed` is false.' }),
    mailed: annotate(t.boolean, { description: 'Whether the recipient was sent the link by mail (the server sends mail when SMTP is configured).' }),
    mailProblem: annotate(t.union([t.string, t.null]), { description: 'Why the mail was not sent when the server sends mail; null otherwise.' }),
  }),
  'SentRecordingShare',
)
export const shareView = (s: Share): t.TypeOf<typeof ShareCodec> => ({ id: s.id, runId: s.runId, email: s.email, scope: s.scope, createdAt: s.createdAt })

export const ShareBody = t.exact(t.type({ email: Email, scope: Scope }))

export const RecordingShareListCodec = pageOf(ShareCodec, 'RecordingShareList')
