import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Core } from '../../../../src/core/build-core.js'
import { annotate } from '../codec-schema.js'
import { route } from '../route.js'

export const SpeechToTextCodec = annotate(
  t.exact(
    t.type({
      engine: t.string,
      available: t.boolean,
      model: t.union([t.string, t.null]),
      setupHint: t.union([t.string, t.null]),
      accuracy: annotate(t.union([t.keyof({ rough: null, accurate: null }), t.null]), {
        description: '`rough` (PocketSphinx: many words wrong) or `accurate` (Whisper, a speech-to-text service); null when the engine does not say.',
      }),
      description: annotate(t.union([t.string, t.null]), { description: 'The engine and its accuracy in a few words: "PocketSphinx: rough, English only", "Whisper base.en: accurate, English".' }),
      canManageModels: annotate(t.boolean, {
        description: "Whether the caller may download, add and remove speech models (/server/models): a server administrator with a full-access key or a session.",
      }),
    }),
    'SpeechToText',
  ),
  { description: 'The engine audio is transcribed with now: it follows the models added, downloaded and removed, without a restart.' },
)

export const ServerCodec = t.exact(
  t.type({
    speechToText: SpeechToTextCodec,
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
    mail: annotate(t.exact(t.type({ configured: t.boolean })), {
      description: 'Whether the server sends mail (`NOTETAKER_SMTP_URL`): `configured: true`, invites and shares are mailed to the people they name; false, whoever invites or shares passes the link on. Either way a person with an account is told in the app (GET /notifications).',
    }),
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
      '`speechToText.engine` is the speech-to-text engine audio uploads and bot recordings without captions are transcribed with (`pocketsphinx`, `openai`, ... or `none`), with its `model` where it loads one. With `available: false`, POST /uploads refuses audio with 422 and `setupHint` says what the operator must do; transcript files are read either way. `accuracy` and `description` say how good its words are; `canManageModels` whether the caller may get a better one (GET /server/models). The engine is chosen at start (`NOTETAKER_TRANSCRIBER`, `auto` by default: the best one installed) and logged, and follows the speech models as they are added, downloaded and removed, without a restart. `notes` says which analyzer, model and template would make the notes of the caller\'s next recording; `mail` whether the server sends mail.',
    access: 'read',
    success: { status: 200, description: 'The server’s capabilities.', data: ServerCodec },
    handle: ({ actor }) =>
      pipe(
        TE.Do,
        TE.apS('speechToText', core.speech.speechToText(actor)),
        TE.apS('plan', core.recordings.nextNotes(actor.accountId)),
        TE.map(({ speechToText, plan }) => ({ data: { speechToText, notes: { ...plan.madeBy }, mail: { configured: core.ports.mailer !== undefined } } })),
      ),
  }),
]
