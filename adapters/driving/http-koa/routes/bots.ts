import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Core } from '../../../../src/core/build-core.js'
import { pageQuery, uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { RECORDING_FILTER_ERRORS, recordingFilterQuery, recordingFilters } from '../contract/recording-query.js'
import { BotCodec, botView, BotPageCodec, SendBotBody } from '../contract/bots.js'
import { recordingRow } from '../contract/recordings.js'

export const botRoutes = (core: Core) => [
  route({
    operationId: 'sendBot', method: 'post', path: '/bots', tag: 'Bots', access: 'write',
    summary: 'Send a bot into a live meeting',
    description:
      'Creates a recording in state `queued` and sends a bot to the link at once; follow it with GET /recordings/{runId} (states `joining`, `waiting_room`, `recording`, then processing to `ready`) or the webhook events `bot.joining`, `bot.waiting`, `meeting.started`, `meeting.ended`, `recording.ready`. ' +
      'Only one bot per account is live at a time (a second call is 409 until the first has left; retrying does not help). Counts against the monthly recording allowance (409 at the cap, with the reason). ' +
      'Send an `Idempotency-Key` header: a retry after a timeout then answers the same bot and never starts a second.',
    body: SendBotBody,
    errors: ['CONFLICT'],
    errorNotes: { CONFLICT: 'A bot of this account is already live, or the monthly recording allowance is spent (CONFLICT); the message says which.' },
    success: { status: 201, description: 'The new bot, state `queued`.', data: BotCodec },
    handle: ({ actor, body }) => pipe(core.bots.sendBot(actor, body), TE.map((run) => ({ status: 201, data: botView(run) }))),
  }),
  route({
    operationId: 'listBots', method: 'get', path: '/bots', tag: 'Bots', access: 'read',
    summary: 'Recordings, newest first (the same rows as /recordings)',
    description: 'The same rows, filters and search as GET /recordings (`origin=calendar,manual` keeps the bots).',
    query: { ...pageQuery, ...recordingFilterQuery },
    errorNotes: { VALIDATION_ERROR: RECORDING_FILTER_ERRORS },
    success: { status: 200, description: 'A page of recording rows.', data: BotPageCodec },
    handle: ({ actor, query }) =>
      pipe(
        core.recordings.listRecordings(actor, { limit: query.limit, offset: query.offset }, recordingFilters(query)),
        TE.map((p) => ({ data: { ...p, rows: p.rows.map(recordingRow) } })),
      ),
  }),
  route({
    operationId: 'leaveBot', method: 'post', path: '/bots/{runId}/leave', tag: 'Bots', access: 'write',
    summary: 'Make a bot leave its meeting',
    description:
      'A bot that has not joined yet (`scheduled`, `queued`) is called off at once: state `cancelled`, and the engine does not send another to that meeting start. A bot in the meeting (`joining`, `waiting_room`, `recording`) is asked to leave and does within a few seconds; what it recorded is processed as usual (`leaveRequestedAt` is set; a bot still waiting to be admitted ends `cancelled`). Asking again is harmless. A recording whose bot has already left, or an upload, is 409.',
    params: { runId: uuidPath('The bot\'s recording (run) id.') },
    errors: ['CONFLICT'],
    errorNotes: { CONFLICT: 'The bot has already left, or the recording is an upload (CONFLICT).' },
    success: { status: 200, description: 'The bot, `cancelled` or with `leaveRequestedAt` set.', data: BotCodec },
    handle: ({ actor, params }) => pipe(core.bots.leaveBot(actor, params.runId), TE.map((run) => ({ data: botView(run) }))),
  }),
]
