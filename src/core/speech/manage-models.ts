import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { SpeechModels, SpeechModelView } from '../ports/speech-models.js'
import type { Transcriber } from '../ports/transcriber.js'
import { modelFailure } from './model-failure.js'
import { type AdminDeps, modelsOf, requireModelManager, requireServerAdmin } from './server-admin.js'
import { type SpeechToText, speechToText } from './speech-to-text.js'

export interface ManageModelsDeps extends AdminDeps {
  readonly transcriber: Transcriber
  /** Absent in an embedding without a data folder: every use case here answers 422 saying so. */
  readonly speechModels?: SpeechModels
  /** Where Whisper models download from (NOTETAKER_MODELS_URL); empty when not known. */
  readonly modelsMirror?: string
}

export interface ModelsOverview {
  readonly speechToText: SpeechToText
  readonly models: ReadonlyArray<SpeechModelView>
  readonly mirror: string
}

const findIn = (models: ReadonlyArray<SpeechModelView>, name: string): TE.TaskEither<AppError, SpeechModelView> => {
  const found = models.find((m) => m.name === name)
  return found === undefined ? TE.left({ _tag: 'NotFound', message: `No speech model is named ${name}; GET /server/models lists the known ones` }) : TE.right(found)
}

/** `GET /server/models`: the engine, every model of the catalog and where they download from. */
export const listModels =
  (deps: ManageModelsDeps) =>
  (actor: Actor): TE.TaskEither<AppError, ModelsOverview> =>
    pipe(
      requireServerAdmin(deps)(actor),
      TE.flatMap(() => modelsOf(deps.speechModels, 'models')),
      TE.flatMap((port) => pipe(port.list(), TE.mapLeft(modelFailure('models')))),
      TE.flatMap((models) => pipe(speechToText(deps)(actor), TE.map((engine) => ({ speechToText: engine, models, mirror: deps.modelsMirror ?? '' })))),
    )

/** `POST /server/models`: starts (or resumes) a download in the background; a present model answers as it is. */
export const pullModel =
  (deps: ManageModelsDeps) =>
  (actor: Actor, name: string): TE.TaskEither<AppError, SpeechModelView> =>
    pipe(
      requireModelManager(deps)(actor),
      TE.flatMap(() => modelsOf(deps.speechModels, 'name')),
      TE.flatMap((port) => pipe(port.pull(name), TE.mapLeft(modelFailure('name')))),
    )

/**
 * Before a model file is received (`PUT /server/models/{name}/content`): the caller may add it,
 * and the model is known; answers its catalog size, the most the file may be.
 */
export const modelFileLimit =
  (deps: ManageModelsDeps) =>
  (actor: Actor, name: string): TE.TaskEither<AppError, number> =>
    pipe(
      requireModelManager(deps)(actor),
      TE.flatMap(() => modelsOf(deps.speechModels, 'content')),
      TE.flatMap((port) => pipe(port.list(), TE.mapLeft(modelFailure('content')))),
      TE.flatMap((models) => findIn(models, name)),
      TE.map((m) => m.bytes),
    )

/** Checks the file received at `path` (the caller's temporary copy, deleted by it) as the model `name`, and puts it in place. */
export const addModel =
  (deps: ManageModelsDeps) =>
  (actor: Actor, name: string, path: string): TE.TaskEither<AppError, SpeechModelView> =>
    pipe(
      requireModelManager(deps)(actor),
      TE.flatMap(() => modelsOf(deps.speechModels, 'content')),
      TE.flatMap((port) => pipe(port.add(name, path), TE.mapLeft(modelFailure('content')))),
    )

/** `DELETE /server/models/{name}`: the model's file and any download of it; 404 when nothing of it is here. */
export const removeModel =
  (deps: ManageModelsDeps) =>
  (actor: Actor, name: string): TE.TaskEither<AppError, void> =>
    pipe(
      requireModelManager(deps)(actor),
      TE.flatMap(() => modelsOf(deps.speechModels, 'name')),
      TE.flatMap((port) => pipe(port.remove(name), TE.mapLeft(modelFailure('name')))),
      TE.flatMap((removed) => (removed ? TE.right(undefined) : TE.left({ ...notFound('Speech model'), message: `Nothing of the speech model ${name} is on this server` }))),
    )
