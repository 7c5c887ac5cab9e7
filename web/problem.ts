/**
 * An API failure as a person reads it: the envelope's message (the server makes it one sentence,
 * each field named once), each field's own words to show beside the field (from `details`), and
 * whether asking again can help, which decides whether a Retry is offered at all.
 */
import { NotetakerApiError, NotetakerConnectionError } from '../clients/typescript/src/errors.js'

export interface Problem {
  readonly message: string
  /** The fields the API named, each with its words ("Must be a Zoom, Google Meet or Microsoft Teams join link"). */
  readonly fields: Readonly<Record<string, string>>
  /** No answer, the server failed, too many requests (once their wait is over), or a resource busy now. */
  readonly retryable: boolean
}

/** A 409 about something under way (a request still processed, a live bot), not a rule that stays refused. */
const BUSY = /still being processed|already (live|running|under way|in a meeting)|is busy|try again/i

/** A field's words without its name in front ("joinUrl must be …" → "Must be …"), as they sit beside the field. */
export const fieldWords = (path: string, message: string): string => {
  const own = message.startsWith(`${path} `) ? message.slice(path.length + 1) : message
  return own.charAt(0).toUpperCase() + own.slice(1)
}

export const problemOf = (e: unknown): Problem => {
  if (e instanceof NotetakerApiError) {
    const fields: Record<string, string> = {}
    for (const d of e.details) if (d.path !== '' && fields[d.path] === undefined) fields[d.path] = fieldWords(d.path, d.message)
    const retryable = e.status >= 500 || e.status === 408 || e.status === 429 || (e.status === 409 && BUSY.test(e.message)) || e.code === 'UNKNOWN'
    return { message: e.message, fields, retryable }
  }
  if (e instanceof NotetakerConnectionError) return { message: e.message, fields: {}, retryable: true }
  return { message: e instanceof Error ? e.message : String(e), fields: {}, retryable: false }
}

/** A failure in words: the API's own for a refused call. */
export const messageOf = (e: unknown): string => problemOf(e).message

/** The message's parts, `code` where the API quotes a command or a name in backticks (`notetaker accounts set-plan`). */
export const withCode = (message: string): ReadonlyArray<{ readonly code: boolean; readonly text: string }> =>
  message
    .split(/`([^`\n]+)`/)
    .map((text, i) => ({ code: i % 2 === 1, text }))
    .filter((p) => p.text !== '')
