import type { ProgressStage } from './domain/recordings/run.js'

/**
 * The core's failures, two kinds (docs/architecture.md, "Failures"): `AppError`
 * answers a caller, `JobFailure` ends a job's attempt. Anything thrown instead is a defect.
 */
export interface FieldIssue {
  readonly path: string
  readonly message: string
}

/** A caller's request failed: a tagged union the HTTP adapter maps, tag by tag, to one status and code of the spec. */
export type AppError =
  | { readonly _tag: 'BadRequest'; readonly message: string; readonly details?: ReadonlyArray<FieldIssue> }
  /** `reason` only where saying more reveals nothing (a refused sign-in); otherwise the adapter's generic message. */
  | { readonly _tag: 'Unauthorized'; readonly reason?: string }
  | { readonly _tag: 'Forbidden'; readonly message: string }
  | { readonly _tag: 'NotFound'; readonly message: string }
  | { readonly _tag: 'Conflict'; readonly message: string }
  | { readonly _tag: 'Validation'; readonly message: string; readonly details: ReadonlyArray<FieldIssue> }
  | { readonly _tag: 'RateLimited'; readonly retryAfterSeconds: number }
  /** A service the request needs (a calendar provider) failed or did not answer; trying again later may work. */
  | { readonly _tag: 'Unavailable'; readonly message: string; readonly retryAfterSeconds?: number }
  | { readonly _tag: 'StoreFailure'; readonly cause: unknown }

export type AppErrorTag = AppError['_tag']

/** A failure of a driven adapter (database, blob store, queue). Never shown to clients. */
export type StoreFailure = Extract<AppError, { _tag: 'StoreFailure' }>

export const badRequest = (message: string, details?: ReadonlyArray<FieldIssue>): AppError =>
  details === undefined ? { _tag: 'BadRequest', message } : { _tag: 'BadRequest', message, details }
export const unauthorized: AppError = { _tag: 'Unauthorized' }
export const unauthorizedBecause = (reason: string): AppError => ({ _tag: 'Unauthorized', reason })
export const forbidden = (message: string): AppError => ({ _tag: 'Forbidden', message })
export const notFound = (what: string): AppError => ({ _tag: 'NotFound', message: `${what} not found` })
export const conflict = (message: string): AppError => ({ _tag: 'Conflict', message })
/** One issue as words: "filename is required"; a message that already names its field (or is a sentence) is kept whole. */
export const issueWords = (i: FieldIssue): string =>
  i.path === '' || i.path === '(body)' || /^[A-Z]/.test(i.message) || i.message.startsWith(`${i.path} `) ? i.message : `${i.path} ${i.message}`

/** Shown in a message; more are left to `details`, where each is. */
const ISSUES_IN_MESSAGE = 3

/**
 * A validation failure's message: one sentence that names each field once ("filename is required;
 * language must be a language code"), so a person reads it as it is and `details` mark the fields.
 */
export const issuesInWords = (details: ReadonlyArray<FieldIssue>): string => {
  if (details.length === 0) return 'The request failed validation'
  const shown = details.slice(0, ISSUES_IN_MESSAGE).map(issueWords)
  const rest = details.length - shown.length
  return rest === 0 ? shown.join('; ') : `${shown.join('; ')}; and ${rest} more ${rest === 1 ? 'problem' : 'problems'}`
}

export const validation = (details: ReadonlyArray<FieldIssue>, message = issuesInWords(details)): AppError => ({ _tag: 'Validation', message, details })
export const invalidField = (path: string, message: string): AppError => validation([{ path, message }], message)
export const rateLimited = (retryAfterSeconds: number): AppError => ({ _tag: 'RateLimited', retryAfterSeconds })
export const unavailable = (message: string, retryAfterSeconds?: number): AppError =>
  retryAfterSeconds === undefined ? { _tag: 'Unavailable', message } : { _tag: 'Unavailable', message, retryAfterSeconds }
export const storeFailure = (cause: unknown): StoreFailure => ({ _tag: 'StoreFailure', cause })

/**
 * A job's attempt failed. The worker retries it while `retryable` and attempts are left;
 * a final one (input that can never succeed) fails the job at once. `message` is for the log,
 * or, for processing, the recording's error.
 */
export interface JobFailure {
  readonly retryable: boolean
  readonly message: string
  /** Processing: the stage it happened in; the recording's error names it, and a retry starts again there. */
  readonly stage?: ProgressStage
  /** Processing: the time limit stopped it; `message` says so whole. */
  readonly stopped?: true
}

/** Retrying the same input cannot help: the user (or operator) must act. */
export const finalFailure = (message: string): JobFailure => ({ retryable: false, message })
/** Worth another attempt: a store hiccup, a timeout. */
export const retryableFailure = (message: string): JobFailure => ({ retryable: true, message })
