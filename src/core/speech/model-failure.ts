import { type AppError, invalidField, storeFailure } from '../errors.js'
import type { SpeechModelFailure } from '../ports/speech-models.js'

/**
 * A failure of the models port as the API answers it: an unknown name is 404, a refused file or
 * download 422 on `field` with the port's words, a models folder that cannot be used 500 (logged with its words).
 */
export const modelFailure =
  (field: string) =>
  (e: SpeechModelFailure): AppError => {
    switch (e.kind) {
      case 'unknown-model':
        return { _tag: 'NotFound', message: e.message }
      case 'refused':
        return invalidField(field, e.message)
      case 'unavailable':
        return storeFailure(new Error(e.message))
    }
  }
