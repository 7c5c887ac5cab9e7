/**
 * The server's speech to text: which engine transcribes and how well, and the speech models its
 * administrators list, download, add and remove (over the `SpeechModels` port).
 */
import { addModel, listModels, type ManageModelsDeps, modelFileLimit, pullModel, removeModel } from './manage-models.js'
import { speechToText } from './speech-to-text.js'

export type SpeechDeps = ManageModelsDeps

export const speechUseCases = (deps: SpeechDeps) => ({
  /** `GET /server`'s `speechToText`: the engine now, its accuracy, and whether the caller may manage models. */
  speechToText: speechToText(deps),
  /** `GET /server/models` (server administrators). */
  listModels: listModels(deps),
  /** `POST /server/models` (server administrators, full access): a download in the background. */
  pullModel: pullModel(deps),
  /** Before `PUT /server/models/{name}/content` reads a byte: rights, and the most the file may be. */
  modelFileLimit: modelFileLimit(deps),
  /** `PUT /server/models/{name}/content`, once the bytes are in a temporary file. */
  addModel: addModel(deps),
  /** `DELETE /server/models/{name}`. */
  removeModel: removeModel(deps),
})

export type SpeechUseCases = ReturnType<typeof speechUseCases>

export type { ModelsOverview } from './manage-models.js'
export { engineNow, type SpeechToText } from './speech-to-text.js'
export { NOT_AN_ADMINISTRATOR } from './server-admin.js'
