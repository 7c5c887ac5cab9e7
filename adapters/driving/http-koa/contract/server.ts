/** The wire shapes of GET /server: the speech engine and what makes the notes. */
import * as t from 'io-ts'
import { annotate } from '../openapi/codec-schema.js'

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
