/**
 * Liveness and readiness, for orchestrators and load balancers: `GET /healthz`
 * and `GET /readyz` (and HEAD) at the root of the server, beside the API rather
 * than in its route table. They take no key, count against no rate limit, and
 * get no request log line (probes come every few seconds); a change of
 * readiness is logged once instead.
 *
 * - `/healthz`: the process runs and its event loop answers. It touches no
 *   store, so a database outage never makes an orchestrator restart processes
 *   that would only find the same outage.
 * - `/readyz`: every dependency answers, each within its own timeout, so a hung
 *   database cannot hang the probe. The composition root builds the checks from
 *   the adapters it opened; this module only runs them.
 *
 * Why not routes of the table: every route lives under /ext/v1, answers in the
 * `{ data }` envelope, and is published in the OpenAPI document the typed
 * client is generated from; these two are none of that.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { internalError } from './dispatch/envelope.js'
import { discardRest } from './exchange/request-body.js'

/** One dependency of readiness. */
export interface ReadinessCheck {
  /** How the answer names it: `database`, `redis`, `s3`. */
  readonly name: string
  /**
   * Resolves when the dependency answers; rejects, with a message in words,
   * when it does not. `signal` aborts when the probe stops waiting, for an
   * adapter that can cancel its request.
   */
  check(signal: AbortSignal): Promise<void>
}

export interface CheckResult {
  readonly name: string
  readonly ok: boolean
  /** How long the check took, rounded to the millisecond. */
  readonly ms: number
  /** Why it failed, in words. */
  readonly error?: string
}

export interface Readiness {
  readonly status: 'ready' | 'unavailable'
  readonly checks: ReadonlyArray<CheckResult>
}

/** How long one check may take before it counts as failed. */
export const DEFAULT_READINESS_TIMEOUT_MS = 2_000

export const LIVENESS_PATH = '/healthz'
export const READINESS_PATH = '/readyz'

const MAX_ERROR_CHARS = 300

/** A failure's message on one line, without credentials a connection string may have carried into it. */
export const inWords = (e: unknown): string => {
  const raw = e instanceof Error ? e.message || e.name : typeof e === 'string' ? e : String(e)
  const text = raw
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text === '' ? 'failed without a message' : text
}

const seconds = (ms: number) => `${Math.round(ms) / 1000} s`

const runCheck = async (c: ReadinessCheck, timeoutMs: number): Promise<CheckResult> => {
  const started = performance.now()
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`did not answer within ${seconds(timeoutMs)}`))
    }, timeoutMs)
  })
  try {
    // `then` also turns a check that throws before returning its promise into a rejection.
    await Promise.race([Promise.resolve().then(() => c.check(controller.signal)), timedOut])
    return { name: c.name, ok: true, ms: Math.round(performance.now() - started) }
  } catch (e) {
    return { name: c.name, ok: false, ms: Math.round(performance.now() - started), error: inWords(e) }
  } finally {
    clearTimeout(timer)
  }
}

/** Runs every check at once, each within `timeoutMs`. */
export const readiness = async (checks: ReadonlyArray<ReadinessCheck>, timeoutMs: number = DEFAULT_READINESS_TIMEOUT_MS): Promise<Readiness> => {
  const results = await Promise.all(checks.map((c) => runCheck(c, timeoutMs)))
  return { status: results.every((r) => r.ok) ? 'ready' : 'unavailable', checks: results }
}

export interface HealthOptions {
  readonly checks: ReadonlyArray<ReadinessCheck>
  readonly timeoutMs?: number
  readonly logger: Logger
}

/**
 * A node:http handler for the two paths: answers and returns true for a GET or
 * HEAD of exactly `/healthz` or `/readyz` (a query string is ignored); returns
 * false, touching nothing, for every other request.
 */
export const healthEndpoints = (options: HealthOptions) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS
  const { logger } = options
  let wasReady: boolean | null = null

  const noteChange = (r: Readiness) => {
    const isReady = r.status === 'ready'
    if (isReady === wasReady || (wasReady === null && isReady)) {
      wasReady = isReady
      return
    }
    wasReady = isReady
    if (isReady) {
      logger.info({ checks: r.checks }, 'ready again: every dependency answers')
      return
    }
    const failing = r.checks.filter((c) => !c.ok)
    logger.warn({ checks: r.checks }, `not ready: ${failing.map((c) => `${c.name} (${c.error ?? 'failed'})`).join(', ')}; /readyz answers 503 until they answer`)
  }

  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : json)
    if (!req.complete) discardRest(req, res)
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? ''
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    if (path === LIVENESS_PATH) {
      send(req, res, 200, { status: 'ok' })
      return true
    }
    if (path !== READINESS_PATH) return false
    readiness(options.checks, timeoutMs)
      .then((r) => {
        noteChange(r)
        send(req, res, r.status === 'ready' ? 200 : 503, r)
      })
      .catch((e: unknown) => {
        // readiness() catches what the checks throw; anything here is a defect.
        logger.error({ err: e }, 'the readiness probe failed with an unexpected error')
        if (!res.headersSent) send(req, res, internalError.status, internalError.body)
      })
    return true
  }
}
