import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { Core } from '../../../src/index.js'
import { route } from '../route.js'

const ServerCodec = t.exact(
  t.type({
    speechToText: t.exact(
      t.type({
        engine: t.string,
        available: t.boolean,
        model: t.union([t.string, t.null]),
        setupHint: t.union([t.string, t.null]),
      }),
    ),
  }),
  'Server',
)

/** What this server can do, for any key: today, how audio becomes text. */
export const serverRoutes = (core: Core) => [
  route({
    operationId: 'getServer',
    method: 'get',
    path: '/server',
    tag: 'Account',
    summary: 'What this server does with audio',
    description:
      '`speechToText.engine` is the speech-to-text engine audio uploads and bot recordings without captions are transcribed with (`pocketsphinx`, `openai`, ... or `none`), with its `model` where it loads one. With `available: false`, POST /uploads refuses audio with 422 and `setupHint` says what the operator must do; transcript files are read either way. The engine is chosen at start (`NOTETAKER_TRANSCRIBER`, `auto` by default: the best one installed) and logged.',
    access: 'read',
    success: { status: 200, description: 'The server’s capabilities.', data: ServerCodec },
    handle: () => async () => E.right({ data: { speechToText: core.uploads.speechToText() } }),
  }),
]
