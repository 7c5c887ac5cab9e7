/** A bot's meeting while it happens: its live events as Server-Sent Events. */
import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { invalidField } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { LIVE_BUFFER_MINUTES } from '../../../../src/core/ports/live-feed.js'
import { uuidPath } from '../dispatch/params.js'
import { eventStreamBody, HEARTBEAT_MS, RECONNECT_MS } from '../exchange/event-stream.js'
import { type Reply, route } from '../route.js'

/** `Last-Event-ID`: the seq of the last event the client has; absent, 0 (everything buffered). */
const lastEventId = (headers: Readonly<Record<string, string | string[] | undefined>>) => {
  const raw = headers['last-event-id']
  const text = Array.isArray(raw) ? raw[0] : raw
  if (text === undefined || text.trim() === '') return E.right(0)
  return /^\d{1,15}$/.test(text.trim()) ? E.right(Number(text.trim())) : E.left(invalidField('Last-Event-ID', 'must be the id (a whole number) of the last event the client received'))
}

const EVENTS =
  '`utterance` (a finished line: `speaker`, `text`, `startMs`, `endMs` in meeting time, `final: true`), `partial` (a line still being spoken, `final: false`, replaced by later ones), `speaker` (the active speaker: `name`, `offsetMs`), `state` (the bot\'s state: `joining`, `waiting_room`, `recording`) and `end` (the bot left or failed: `outcome`, `reason`, `detail`; the stream then closes). Each `data` is one JSON object that also carries `seq` and `at`.'

export const liveRoutes = (core: Core) => [
  route({
    operationId: 'streamBotLive', method: 'get', path: '/bots/{runId}/live', tag: 'Bots', access: 'read',
    summary: "A bot's meeting as it happens (Server-Sent Events)",
    description: `The bot's live events as \`text/event-stream\`: ${EVENTS} Lines are a preview from the platform's captions; the transcript made after the meeting is the reference. Each event's \`id\` is its seq (1, 2, 3 … per run; a leave request, meant for the bot, takes one too): reconnect with \`Last-Event-ID\` and the events after it are sent first from a buffer of the last ${LIVE_BUFFER_MINUTES} minutes, then the new ones, so nothing is missed. A comment line every ${HEARTBEAT_MS / 1000} s keeps the connection open; \`retry\` asks clients to reconnect after ${RECONNECT_MS / 1000} s. For a bot that is no longer in its meeting, what is still buffered is sent and the stream closes. Readable by the recording's owner and by those it is shared with in full (summary scope answers 404).`,
    params: { runId: uuidPath('The run id of the bot (from POST /bots or the schedule).') },
    errorNotes: {
      NOT_FOUND: "No bot with this run id for this key, an upload, or a recording shared only at summary scope; another account's run answers 404 too (NOT_FOUND).",
      VALIDATION_ERROR: 'Last-Event-ID is not a whole number (details[].path `Last-Event-ID`).',
    },
    success: {
      status: 200,
      description: `Server-Sent Events: ${EVENTS}`,
      data: { stream: 'text/event-stream', headers: { 'Cache-Control': 'no-store' } },
    },
    handle: ({ actor, params, headers }) =>
      pipe(
        TE.fromEither(lastEventId(headers)),
        TE.flatMap((after) => core.live.open(actor, params.runId, after)),
        TE.map(
          (stream): Reply<never> => ({
            status: 200,
            stream: eventStreamBody(stream),
            // no-transform and X-Accel-Buffering keep proxies (and nginx) from holding events back.
            headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' },
          }),
        ),
      ),
  }),
]
