import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { wholePage } from '../../../../src/core/domain/page.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { joinLink, type WebLinks } from '../web-links.js'
import { ShareCodec, SentShareCodec, shareView, ShareBody, RecordingShareListCodec } from '../contract/shares.js'

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)
const runId = { runId: uuidPath('The recording (run) id; one of the key\'s own recordings.') }
const NOT_OWNER =
  'No such recording among the key\'s own: another account\'s recording answers 404, and so does one only shared with the caller (only the owner manages shares) (NOT_FOUND).'

/** Sharing recordings with other people, by email; only the owner manages a recording's shares. */
export const shareRoutes = (core: Core, links: WebLinks) => [
  route({
    operationId: 'shareRecording', method: 'post', path: '/recordings/{runId}/shares', tag: 'Recordings', access: 'write',
    summary: 'Share a recording with someone, by email',
    description: [
      'Anyone, in the organization or not. The recording then shows in their `GET /recordings` (and `GET /bots`) and `GET /recordings/{runId}` with `owned: false`, `sharedBy` and `scope`.',
      'The email need not have an account yet: the share reaches whichever account has (or later gets) that email, and the answer does not say whether one exists.',
      'One share per email and recording: sharing again is 409; revoke the share and share again to change its scope.',
      'The answer carries `link`, a one-time link to the web app\'s join page bound to the email: it opens the recording, and for an email with no account first sets a name and a password (POST /invites/join) when the owner may invite people onto the server (a server administrator, or an owner or admin of an organization). The recipient is sent it by mail when the server sends mail (`mailed`); otherwise pass it on.',
    ].join(' '),
    params: runId,
    body: ShareBody,
    errors: ['CONFLICT'],
    errorNotes: {
      NOT_FOUND: NOT_OWNER,
      CONFLICT: 'The recording is shared with this email already (CONFLICT).',
      VALIDATION_ERROR: '`email` is not an email address, or is the owner\'s own (details[].path `email`); `scope` is not `full` or `summary` (VALIDATION_ERROR).',
    },
    success: { status: 201, description: 'The share, with the link to pass on.', data: SentShareCodec },
    handle: ({ actor, params, body, headers, connection }) =>
      pipe(
        core.sharing.share(actor, params.runId, { ...body, joinLink: joinLink(links.baseFor(headers, connection)) }),
        TE.map((s) => ({ ...shareView(s.share), link: s.link, mailed: s.mailed, mailProblem: s.mailProblem })),
        data,
      ),
  }),
  route({
    operationId: 'listRecordingShares', method: 'get', path: '/recordings/{runId}/shares', tag: 'Recordings', access: 'read',
    summary: 'Who a recording is shared with',
    description: 'The whole collection, oldest first (not paged: `total` equals the number of rows, `limit` too, `offset` is 0).',
    params: runId,
    errorNotes: { NOT_FOUND: NOT_OWNER },
    success: { status: 200, description: 'Every share of the recording.', data: RecordingShareListCodec },
    handle: ({ actor, params }) => pipe(core.sharing.listShares(actor, params.runId), TE.map((rows) => wholePage(rows.map(shareView))), TE.map((p) => ({ ...p, rows: [...p.rows] })), data),
  }),
  route({
    operationId: 'revokeRecordingShare', method: 'delete', path: '/recordings/{runId}/shares/{shareId}', tag: 'Recordings', access: 'write',
    summary: 'Stop sharing a recording with someone',
    description: 'From the next request on, the recording answers 404 to them everywhere (list, detail, transcript, audio). Answers the share as it was.',
    params: { ...runId, shareId: uuidPath('The share id.') },
    errorNotes: { NOT_FOUND: `${NOT_OWNER.replace(' (NOT_FOUND).', '')}; or no such share of this recording (NOT_FOUND).` },
    success: { status: 200, description: 'The revoked share.', data: ShareCodec },
    handle: ({ actor, params }) => pipe(core.sharing.revokeShare(actor, params.runId, params.shareId), TE.map(shareView), data),
  }),
]
