import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { sizeInWords } from '../../../../src/core/domain/size-words.js'
import { type AppError, invalidField } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import type { Param } from '../dispatch/params.js'
import { route } from '../route.js'
import { receiveToTemporaryFile, removeTemporaryFile } from '../exchange/temporary-file.js'
import { NAME_PATTERN, NAME, SpeechModelCodec, ModelsCodec, PullBody, speechModelView } from '../contract/server-models.js'

/** Letters, digits, '.', '_' and '-', as the catalog names models; another shape is 422 before anything is looked up. */
const modelName: Param<string> = {
  schema: { type: 'string', pattern: NAME_PATTERN },
  required: true,
  description: 'The model\'s `name` (GET /server/models): `base.en`.',
  read: (raw) =>
    raw !== undefined && NAME.test(raw) ? { ok: true, value: raw } : { ok: false, unreadable: false, message: "must be a model name: letters, digits, '.', '_' or '-'" },
}

const ADMINS =
  "For this server's administrators only (an account flag an operator sets: `notetaker accounts server-admin --account EMAIL`; the first start's account is one): anyone else is 403 FORBIDDEN, \"Only this server's administrators manage its speech models\"."
const WRITES = `${ADMINS} A read-only key is 403 as on every change.`
const NO_MODELS = 'A server without a models folder (a program embedding Notetaker without DATA_DIR) answers 422 saying so.'

/** Bytes in `Content-Length`, when the client said. */
const declaredLength = (headers: Readonly<Record<string, string | string[] | undefined>>): number | null => {
  const v = headers['content-length']
  return typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : null
}

const tooLarge = (name: string, bytes: number) => `the file is larger than the model ${name} (${sizeInWords(bytes)}); nothing was added`

/** The server's speech models, for its administrators: listed, downloaded, added from a file, removed. */
export const serverModelRoutes = (core: Core) => [
  route({
    operationId: 'listSpeechModels', method: 'get', path: '/server/models', tag: 'Speech models', access: 'read',
    summary: 'The speech engine and the models this server knows',
    description: `The engine as GET /server says it, every model of the catalog (published and the operator's) with its state on this server, and the mirror downloads come from. ${ADMINS} Read-only keys may read it. ${NO_MODELS}`,
    errors: ['FORBIDDEN'],
    errorNotes: { FORBIDDEN: 'The caller is not a server administrator (FORBIDDEN).', VALIDATION_ERROR: `${NO_MODELS} (VALIDATION_ERROR)` },
    success: { status: 200, description: 'The engine, the models and the mirror.', data: ModelsCodec },
    handle: ({ actor }) => pipe(core.speech.listModels(actor), TE.map((o) => ({ data: { speechToText: o.speechToText, models: o.models.map(speechModelView), mirror: o.mirror } }))),
  }),
  route({
    operationId: 'pullSpeechModel', method: 'post', path: '/server/models', tag: 'Speech models', access: 'write',
    summary: 'Download a model in the background',
    description: `Starts (or resumes) the download of the model \`name\` from the mirror, and answers at once with the model \`downloading\` (202); poll GET /server/models for \`receivedBytes\`. The file is checked (size, SHA-256, and that the engine can read it) before it is put in place, and the speech engine follows without a restart. A model already here answers 200 as it is. ${WRITES} ${NO_MODELS}`,
    body: PullBody,
    errors: ['FORBIDDEN'],
    errorNotes: {
      FORBIDDEN: 'A read-only key, or a caller who is not a server administrator (FORBIDDEN).',
      NOT_FOUND: 'No model of the catalog has that name (NOT_FOUND).',
      VALIDATION_ERROR: `A body without \`name\`, or a model that cannot be downloaded now (no mirror reachable, a download already refused), with the reason in words on \`name\`. ${NO_MODELS} (VALIDATION_ERROR)`,
    },
    success: {
      status: 202,
      description: 'The download runs: the model, state `downloading`.',
      data: SpeechModelCodec,
      extraStatuses: [{ status: 200, description: 'The model is here already: the model, state `present`.', sameData: true }],
    },
    handle: ({ actor, body }) => pipe(core.speech.pullModel(actor, body.name), TE.map((m) => ({ status: m.state === 'present' ? 200 : 202, data: speechModelView(m) }))),
  }),
  route({
    operationId: 'putSpeechModelContent', method: 'put', path: '/server/models/{name}/content', tag: 'Speech models', access: 'write',
    summary: 'Add a model from its file',
    description: `For a server that cannot download (air-gapped): the model file's raw bytes as the body, streamed to a temporary file (never held in memory; at most the model's catalog size), checked as a download is (size, that the engine can read it, SHA-256) and put in place; the temporary file is removed whatever happens. The speech engine follows without a restart. A file that is not the model is 422 on \`content\` with the reason in words (whisper.cpp's test files, a header and vocabulary without weights, are named as such), and nothing is added. ${WRITES} ${NO_MODELS}`,
    params: { name: modelName },
    body: { bytes: 'application/octet-stream' },
    errors: ['FORBIDDEN'],
    errorNotes: {
      FORBIDDEN: 'A read-only key, or a caller who is not a server administrator (FORBIDDEN).',
      NOT_FOUND: 'No model of the catalog has that name (NOT_FOUND).',
      VALIDATION_ERROR: `A file larger than the model, empty, or not the model (its size, format or SHA-256), on \`content\` with the reason; a \`name\` that cannot be a model's. ${NO_MODELS} (VALIDATION_ERROR)`,
    },
    success: { status: 200, description: 'Added: the model, state `present`.', data: SpeechModelCodec },
    handle: ({ actor, params, headers, raw }) =>
      pipe(
        core.speech.modelFileLimit(actor, params.name),
        TE.flatMap((limit): TE.TaskEither<AppError, number> => {
          const declared = declaredLength(headers)
          // Refused before a byte is read when the client says how much it sends.
          if (declared !== null && declared > limit) return TE.left(invalidField('content', tooLarge(params.name, limit)))
          if (declared === 0) return TE.left(invalidField('content', 'the file is empty; nothing was added'))
          return TE.right(limit)
        }),
        TE.flatMap((limit) =>
          TE.bracketW(
            receiveToTemporaryFile(raw, { maxBytes: limit, prefix: 'notetaker-model-', field: 'content', tooLarge: tooLarge(params.name, limit) }),
            (file) => (file.bytes === 0 ? TE.left(invalidField('content', 'the file is empty; nothing was added')) : core.speech.addModel(actor, params.name, file.path)),
            (file) => removeTemporaryFile(file),
          ),
        ),
        TE.map((m) => ({ data: speechModelView(m) })),
      ),
  }),
  route({
    operationId: 'deleteSpeechModel', method: 'delete', path: '/server/models/{name}', tag: 'Speech models', access: 'write',
    summary: 'Remove a model',
    description: `Deletes the model's file and any download of it; the speech engine follows without a restart (to the next engine that works when it was the one in use). ${WRITES} ${NO_MODELS}`,
    params: { name: modelName },
    errors: ['FORBIDDEN'],
    errorNotes: {
      FORBIDDEN: 'A read-only key, or a caller who is not a server administrator (FORBIDDEN).',
      NOT_FOUND: 'No model of the catalog has that name, or nothing of it is on this server (NOT_FOUND).',
      VALIDATION_ERROR: `A \`name\` that cannot be a model's. ${NO_MODELS} (VALIDATION_ERROR)`,
    },
    success: { status: 204, description: 'Removed: nothing is answered.', data: t.null },
    handle: ({ actor, params }) => pipe(core.speech.removeModel(actor, params.name), TE.map(() => ({ status: 204, data: null }))),
  }),
]
