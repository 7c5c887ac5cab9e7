/**
 * The app's one way to the server: the typed client of the API (generated from
 * its OpenAPI document), authenticated by the session cookie the browser sends
 * by itself, with the session's CSRF token on every state-changing request.
 * Rules live in the server's use cases; the app only asks and shows.
 */
import { createClient } from '../clients/typescript/src/client.js'
import { NotetakerApiError, NotetakerConnectionError } from '../clients/typescript/src/errors.js'

export type * from '../clients/typescript/src/types.js'
export { NotetakerApiError, NotetakerConnectionError }

/** crypto.randomUUID exists only on https and localhost; an install reached by its LAN address has getRandomValues. */
export const newIdempotencyKey = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export type Api = ReturnType<typeof createClient>

/** The client of a session; `onSignedOut` runs when the server no longer knows the session (expired, signed out elsewhere). */
export const apiFor = (csrfToken: string, onSignedOut: () => void): Api =>
  createClient({
    baseUrl: location.origin,
    fetch: async (input, init) => {
      const res = await fetch(input, init)
      if (res.status === 401) onSignedOut()
      return res
    },
    headers: { 'x-csrf-token': csrfToken },
    retries: 1,
    timeoutMs: 30_000,
    newIdempotencyKey,
  })

export { messageOf, type Problem, problemOf } from './problem.js'
