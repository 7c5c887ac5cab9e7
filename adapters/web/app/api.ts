/**
 * The app's one way to the server: the typed client of the API (generated from
 * its OpenAPI document), authenticated by the session cookie the browser sends
 * by itself, with the session's CSRF token on every state-changing request.
 * Rules live in the server's use cases; the app only asks and shows.
 */
import { createClient } from '../../../clients/typescript/src/client.js'
import { NotetakerApiError } from '../../../clients/typescript/src/errors.js'

export type * from '../../../clients/typescript/src/types.js'
export { NotetakerApiError }

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

/** An error envelope in words a person can act on: "The request failed validation: name must be 1 to 100 characters." */
export const errorWords = (message: string, details: ReadonlyArray<{ readonly path?: string; readonly message: string }> = []): string => {
  // A detail that only repeats the message (with or without its field's name) adds nothing.
  const extra = details
    .filter((d) => d.message !== message)
    .map((d) => (d.path === undefined || d.path === '' ? d.message : `${d.path} ${d.message}`))
    .filter((m) => m !== message)
  return extra.length === 0 ? message : `${message.replace(/[.:]$/, '')}: ${extra.join('; ')}`
}

/** A failure in words: the API's own for a refused call. */
export const messageOf = (e: unknown): string => {
  if (e instanceof NotetakerApiError) return errorWords(e.message, e.details)
  if (e instanceof Error) return e.message
  return String(e)
}
