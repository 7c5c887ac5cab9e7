import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { ServerCodec } from '../contract/server.js'

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
