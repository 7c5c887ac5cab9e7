import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, forbidden, invalidField } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { SpeechModels } from '../ports/speech-models.js'
import { requireWriter } from '../identity/index.js'

export interface AdminDeps {
  readonly accounts: AccountStore
}

export const NOT_AN_ADMINISTRATOR = "Only this server's administrators manage its speech models"

const isServerAdmin = (deps: AdminDeps) => (actor: Actor): TE.TaskEither<AppError, boolean> =>
  pipe(
    deps.accounts.findById(actor.accountId),
    TE.map(O.exists((a) => a.serverAdmin)),
  )

/** Whether the actor may change the models: a server administrator acting with full access. */
export const isModelManager = (deps: AdminDeps) => (actor: Actor): TE.TaskEither<AppError, boolean> =>
  actor.access === 'full' ? isServerAdmin(deps)(actor) : TE.right(false)

/** Reading the models: any key of a server administrator. */
export const requireServerAdmin = (deps: AdminDeps) => (actor: Actor): TE.TaskEither<AppError, Actor> =>
  pipe(
    isServerAdmin(deps)(actor),
    TE.flatMap((admin) => (admin ? TE.right(actor) : TE.left(forbidden(NOT_AN_ADMINISTRATOR)))),
  )

/** Changing the models: a full-access key (checked first, as every write route) of a server administrator. */
export const requireModelManager = (deps: AdminDeps) => (actor: Actor): TE.TaskEither<AppError, Actor> =>
  pipe(requireWriter(actor), TE.flatMap(requireServerAdmin(deps)))

/** The models port, or 422 in words (on `field`) for a server without one (an embedding with no data folder). */
export const modelsOf = (speechModels: SpeechModels | undefined, field: string): TE.TaskEither<AppError, SpeechModels> =>
  speechModels === undefined
    ? TE.left(
        invalidField(
          field,
          'This server keeps no speech models: it runs without a data folder (DATA_DIR), so models cannot be listed, downloaded, added or removed here',
        ),
      )
    : TE.right(speechModels)
