/** A bot's meeting while it happens: its live events as Server-Sent Events or over a WebSocket, and tokens that open them from a browser. */
import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, invalidField } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { LIVE_TOKEN_MINUTES, type LiveStream } from '../../../../src/core/live/index.js'
import { LIVE_BUFFER_MINUTES } from '../../../../src/core/ports/live-feed.js'
import { LIVE_EVENT_SCHEMAS, liveEventJson, LiveTokenCodec } from '../contract/live.js'
import { type Param, uuidPath } from '../dispatch/params.js'
import { eventStreamBody, HEARTBEAT_MS, RECONNECT_MS } from '../exchange/event-stream.js'
import { MAX_BUFFERED_BYTES, PING_MS } from '../exchange/web-socket.js'
import { type Reply, route, type SocketFeed } from '../route.js'

type Headers = Readonly<Record<string, string | string[] | undefined>>

const SEQ_RE = /^\d{1,15}$/
const NOT_A_SEQ = 'must be the id (a whole number) of the last event the client received'

/**
 * Where to resume: the `Last-Event-ID` header (EventSource sends it when it reconnects), else the
 * `lastEventId` query parameter (a WebSocket from a browser cannot send headers); absent, 0 (everything buffered).
 */
const lastEventId = (headers: Headers, query: string | undefined): E.Either<AppError, number> => {
  const raw = headers['last-event-id']
  const text = (Array.isArray(raw) ? raw[0] : raw)?.trim()
  if (text !== undefined && text !== '') return SEQ_RE.test(text) ? E.right(Number(text)) : E.left(invalidField('Last-Event-ID', NOT_A_SEQ))
  if (query === undefined || query === '') return E.right(0)
  return SEQ_RE.test(query) ? E.right(Number(query)) : E.left(invalidField('lastEventId', NOT_A_SEQ))
}

/** The query's own form of Last-Event-ID, read as text so that a bad one is refused as the header's is (422). */
const lastEventIdQuery: Param<string | undefined> = {
  schema: { type: 'string', pattern: '^\\d{1,15}$' },
  required: false,
  description: 'The seq of the last event the client received, for clients that cannot send the `Last-Event-ID` header (a WebSocket from a browser); the header wins when both are sent.',
  read: (raw) => ({ ok: true, value: raw }),
}

const tokenQuery: Param<string | undefined> = {
  schema: { type: 'string', maxLength: 4096 },
  required: false,
  description: `A live token from POST /bots/{runId}/live-token, in place of a key, for browsers (EventSource and WebSocket cannot send an Authorization header). Good for this run only, for ${LIVE_TOKEN_MINUTES} minutes. Ignored when an Authorization header is sent.`,
  read: (raw) => ({ ok: true, value: raw }),
}

const runIdParam = () => ({ runId: uuidPath('The run id of the bot (from POST /bots or the schedule).') })

const EVENTS =
  '`utterance` (a finished line: `speaker`, `text`, `startMs`, `endMs` in meeting time, `final: true`), `partial` (a line still being spoken, `final: false`, replaced by later ones), `speaker` (the active speaker: `name`, `offsetMs`), `state` (the bot\'s state: `joining`, `waiting_room`, `recording`) and `end` (the bot left or failed: `outcome`, `reason`, `detail`; the stream then closes). Each `data` is one JSON object that also carries `event` (its kind), `seq` and `at`: the schemas LiveUtterance, LivePartial, LiveSpeaker, LiveState and LiveEnd.'

const WEB_SOCKET = `The same address also takes a WebSocket (a GET with \`Upgrade: websocket\`): authenticated and refused exactly as this GET is, before the upgrade (the same statuses, in the error envelope), then answered 101 and sent each event as one JSON text message, the same object as an event's \`data\` here. Resume with \`Last-Event-ID\` or \`?lastEventId=\`. The server pings every ${PING_MS / 1000} s and cuts a client that does not answer by the next ping; after \`end\` it closes with 1000; a client that does not read, so that more than ${MAX_BUFFERED_BYTES / 1024 / 1024} MiB wait for it, is closed with 1008 (reconnect with lastEventId). Messages from the client are ignored.`

const NOT_FOUND_NOTE = "No bot with this run id for this key, an upload, or a recording shared only at summary scope; another account's run answers 404 too (NOT_FOUND)."

/** A live stream as WebSocket messages. */
const socketFeed = (stream: LiveStream): SocketFeed => ({
  messages: (async function* () {
    for await (const e of stream.events) yield liveEventJson(e)
  })(),
  beat: () => void stream.recheck(),
  close: () => stream.close(),
  endReason: 'The bot is not in its meeting any more: nothing follows',
})

export const liveRoutes = (core: Core) => {
  const open = ({ actor, params, query, headers }: { actor: Parameters<Core['live']['open']>[0]; params: { runId: string }; query: { lastEventId: string | undefined }; headers: Headers }) =>
    pipe(
      TE.fromEither(lastEventId(headers, query.lastEventId)),
      TE.flatMap((after) => core.live.open(actor, params.runId, after)),
    )
  return [
    route({
      operationId: 'streamBotLive', method: 'get', path: '/bots/{runId}/live', tag: 'Bots', access: 'read',
      summary: "A bot's meeting as it happens (Server-Sent Events, or a WebSocket)",
      description: `The bot's live events as \`text/event-stream\`: ${EVENTS} Lines are a preview from the platform's captions; the transcript made after the meeting is the reference. Each event's \`id\` is its seq (1, 2, 3 … per run; a leave request, meant for the bot, takes one too): reconnect with \`Last-Event-ID\` (or \`?lastEventId=\`) and the events after it are sent first from a buffer of the last ${LIVE_BUFFER_MINUTES} minutes, then the new ones, so nothing is missed. A comment line every ${HEARTBEAT_MS / 1000} s keeps the connection open; \`retry\` asks clients to reconnect after ${RECONNECT_MS / 1000} s. For a bot that is no longer in its meeting, what is still buffered is sent and the stream closes. Readable by the recording's owner and by those it is shared with in full (summary scope answers 404). A browser without the session cookie authenticates with \`?token=\` from POST /bots/{runId}/live-token. ${WEB_SOCKET}`,
      params: runIdParam(),
      query: { lastEventId: lastEventIdQuery, token: tokenQuery },
      errorNotes: {
        UNAUTHORIZED: `No key, an unknown, revoked or expired key, or a \`token\` that does not open this stream: made by another server or altered, for another run, older than ${LIVE_TOKEN_MINUTES} minutes, or made with a key since revoked (UNAUTHORIZED).`,
        NOT_FOUND: NOT_FOUND_NOTE,
        VALIDATION_ERROR: 'Last-Event-ID (or lastEventId) is not a whole number (details[].path names which).',
      },
      success: {
        status: 200,
        description: `Server-Sent Events: ${EVENTS}`,
        data: { stream: 'text/event-stream', headers: { 'Cache-Control': 'no-store' }, events: LIVE_EVENT_SCHEMAS },
        extraStatuses: [{ status: 101, description: `Switching Protocols: the WebSocket is open. ${WEB_SOCKET}` }],
      },
      token: (token, pathParams) => core.live.actorOfToken(token, pathParams['runId'] ?? ''),
      handle: (input) =>
        pipe(
          open(input),
          TE.map(
            (stream): Reply<never> => ({
              status: 200,
              stream: eventStreamBody(stream),
              // no-transform and X-Accel-Buffering keep proxies (and nginx) from holding events back.
              headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' },
            }),
          ),
        ),
      webSocket: { description: WEB_SOCKET, open: (input) => TE.map(socketFeed)(open(input)) },
    }),
    route({
      operationId: 'createLiveToken', method: 'post', path: '/bots/{runId}/live-token', tag: 'Bots', access: 'read',
      summary: "A short-lived token that opens a bot's live stream from a browser",
      description: `For a page that shows a bot's meeting live: EventSource and a browser's WebSocket cannot send an Authorization header, so the page's server (which holds the key) asks for a token and hands it to the page, which opens GET /bots/{runId}/live?token=… . The token opens this run's stream only, for ${LIVE_TOKEN_MINUTES} minutes (a stream already open stays open), as the caller who asked for it: whether that caller may still watch the run is checked again when it is used (a share taken back answers 404), and a token made with a key that has since been revoked answers 401. Anyone who has it may open the stream until it expires: hand it only to the page that needs it. It is never logged by the server. Any key may ask (read access), for a run it may watch, as for the stream.`,
      params: runIdParam(),
      errorNotes: { NOT_FOUND: NOT_FOUND_NOTE },
      success: { status: 200, description: `The token, and when it stops opening the stream (${LIVE_TOKEN_MINUTES} minutes from now).`, data: LiveTokenCodec, headers: { 'Cache-Control': 'no-store: the token is a credential' } },
      handle: ({ actor, params }) =>
        pipe(
          core.live.issueToken(actor, params.runId),
          TE.map((token) => ({ data: token, headers: { 'cache-control': 'no-store' } })),
        ),
    }),
  ]
}
