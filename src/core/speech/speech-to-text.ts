import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { AppError } from '../errors.js'
import type { Transcriber } from '../ports/transcriber.js'
import { type AdminDeps, isModelManager } from './server-admin.js'

/** What this server does with audio: the engine (and model) it transcribes with, how well, or why it cannot. */
export interface SpeechToText {
  readonly engine: string
  readonly available: boolean
  readonly model: string | null
  /** When not available: what an operator does to make audio transcribable. */
  readonly setupHint: string | null
  /** `rough` (many words wrong) or `accurate`; null when the engine does not say. */
  readonly accuracy: 'rough' | 'accurate' | null
  /** The engine and its accuracy in a few words ("PocketSphinx: rough, English only"); null when the engine does not say. */
  readonly description: string | null
  /** Whether the caller may download, add and remove speech models (a server administrator with a full-access key or a session). */
  readonly canManageModels: boolean
}

export interface SpeechToTextDeps extends AdminDeps {
  /** Read at each call: the engine follows model changes without a restart. */
  readonly transcriber: Transcriber
}

/** The engine as it is now, without what the caller may do. */
export const engineNow = (transcriber: Transcriber): Omit<SpeechToText, 'canManageModels'> => ({
  engine: transcriber.name,
  available: transcriber.available,
  model: transcriber.model ?? null,
  setupHint: transcriber.available ? null : (transcriber.setupHint ?? null),
  accuracy: transcriber.accuracy ?? null,
  description: transcriber.description ?? null,
})

/** `GET /server`'s `speechToText`, for any key. */
export const speechToText =
  (deps: SpeechToTextDeps) =>
  (actor: Actor): TE.TaskEither<AppError, SpeechToText> =>
    pipe(
      isModelManager(deps)(actor),
      TE.map((canManageModels) => ({ ...engineNow(deps.transcriber), canManageModels })),
    )
