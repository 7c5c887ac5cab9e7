import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Core } from '../../../src/index.js'
import { annotate } from '../codec-schema.js'
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
    notes: annotate(
      t.exact(
        t.type({
          analyzer: annotate(t.string, { description: '`builtin` or `openai`.' }),
          model: annotate(t.union([t.string, t.null]), { description: 'The language model asked, for `openai`; null for the built-in analyzer.' }),
          template: annotate(t.union([t.string, t.null]), { description: 'The default summary template\'s id.' }),
        }),
      ),
      { description: 'What would make the notes of the caller\'s next recording: its organization\'s (or account\'s) notes settings (GET /notes-settings), else the server\'s configuration. An upload or bot may name another template.' },
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
    summary: 'What this server does with audio, and what makes the notes',
    description:
      '`speechToText.engine` is the speech-to-text engine audio uploads and bot recordings without captions are transcribed with (`pocketsphinx`, `openai`, ... or `none`), with its `model` where it loads one. With `available: false`, POST /uploads refuses audio with 422 and `setupHint` says what the operator must do; transcript files are read either way. The engine is chosen at start (`NOTETAKER_TRANSCRIBER`, `auto` by default: the best one installed) and logged. `notes` says which analyzer, model and template would make the notes of the caller\'s next recording.',
    access: 'read',
    success: { status: 200, description: 'The server’s capabilities.', data: ServerCodec },
    handle: ({ actor }) =>
      pipe(
        core.recordings.nextNotes(actor.accountId),
        TE.map((plan) => ({ data: { speechToText: core.uploads.speechToText(), notes: { ...plan.madeBy } } })),
      ),
  }),
]
