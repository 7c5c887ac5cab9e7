import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsPlugin from 'ajv-formats'
import * as E from 'fp-ts/lib/Either.js'
import pino, { type Logger } from 'pino'
import { createHttpApp } from '../../adapters/driving/http-koa/app.js'
import type { ReadinessCheck } from '../../adapters/driving/http-koa/health.js'
import { createApiServer, type ServerLimits } from '../../adapters/driving/http-koa/server.js'
import { createWorker, type Worker } from '../../adapters/driving/jobs/worker.js'
import type { DomainEvent } from '../../src/core/domain/events.js'
import type { AnyRoute } from '../../adapters/driving/http-koa/route.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import { eventLog } from '../../adapters/stores/memory/event-log.js'
import { fanOut } from '../../adapters/system/event-fan-out.js'
import { aesGcmSecretBox } from '../../adapters/system/secret-box.js'
import { httpWebhookSender } from '../../adapters/outbound/webhooks/sender.js'
import { publishEventToWebhooks } from '../../src/core/webhooks/index.js'
import { createBuiltinAnalyzer } from '../../adapters/notes/builtin/index.js'
import { failingTranscriber } from './transcribers.js'
import { createTranscriptParser } from '../../adapters/speech/transcript-parse/index.js'
import { memoryRateLimiter } from '../../adapters/stores/memory/rate-limiter.js'
import { fixedClock } from '../../adapters/system/clock.js'
import { randomIds } from '../../adapters/system/ids.js'
import { keySecrets } from '../../adapters/system/key-secrets.js'
import { scryptPasswordHasher } from '../../adapters/system/password-hasher.js'
import { sessionSecrets } from '../../adapters/system/session-secrets.js'
import { signInLimits } from '../../adapters/stores/shared/sign-in-limits.js'
import { DEFAULT_PLANS } from '../../src/core/domain/identity/account.js'
import { calendarPorts } from '../../src/app/composition/calendar-ports.js'
import { defaultServerLimits } from '../../src/app/service/server-limits.js'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { buildCore, type Core, type Ports } from '../../src/core/build-core.js'
import { HARNESS_SIGN_IN, openHarnessStores } from './harness-stores.js'

export interface TestResponse {
  readonly status: number
  readonly headers: Headers
  readonly body: any
}

export interface Harness {
  readonly core: Core
  readonly clock: ReturnType<typeof fixedClock>
  readonly url: string
  readonly openapi: any
  /** Runs due background jobs (uploads, deliveries, ...) until none is left. */
  readonly worker: Worker
  readonly events: DomainEvent[]
  /** A full-access key of the first account, a read-only key of it, and a full key of a second account. */
  readonly keys: { readonly full: string; readonly readonly: string; readonly other: string }
  readonly accounts: { readonly first: string; readonly other: string }
  request(method: string, path: string, options?: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>
  close(): Promise<void>
}

const must = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
  return r.right
}

/**
 * Serves the real Koa app on a loopback port, over memory stores (or SQLite or
 * Postgres ones: HARNESS_STORE, see harness-stores.ts), and checks every
 * JSON response against the schema its route documents in /openapi.json.
 */
/** Runs `f` against the harness and closes it whatever happens. */
export const closing = async (h: Harness, f: () => Promise<void>): Promise<void> => {
  try {
    await f()
  } finally {
    await h.close()
  }
}

export const startHarness = async (
  options: {
    ports?: Partial<Ports>
    routes?: (core: Core) => ReadonlyArray<AnyRoute>
    logger?: Logger
    /** What GET /readyz asks, and how long each check may take (test/http/health.test.ts); none by default. */
    readiness?: { readonly checks: ReadonlyArray<ReadinessCheck>; readonly timeoutMs?: number }
    /** Connection limits other than the defaults (connection-limits.test.ts). */
    serverLimits?: Partial<ServerLimits>
    /** Where the job worker logs (silent by default). */
    jobLogger?: Logger
  } = {},
): Promise<Harness> => {
  const clock = fixedClock('2026-06-01T12:00:00.000Z')
  const stores = await openHarnessStores()
  // Webhooks: events go to the log and to the fan-out; receivers on 127.0.0.1 are allowed; jitter is off.
  const jobs = options.ports?.jobs ?? stores.ports.jobs
  const webhooks = options.ports?.webhooks ?? stores.ports.webhooks
  const log = eventLog()
  const ports: Ports = {
    clock,
    ids: randomIds,
    keySecrets,
    // Sign-in: the default attempt limits, and scrypt at a cost tests can afford (N=2^10 rather than 2^15).
    sessionSecrets,
    passwordHasher: scryptPasswordHasher({ N: 1024 }),
    signInLimits: signInLimits(HARNESS_SIGN_IN, (limit) => memoryRateLimiter(limit)),
    ...stores.ports,
    ...(stores.liveFeed === undefined ? {} : { liveFeed: stores.liveFeed }),
    rateLimiter: memoryRateLimiter({ limit: 1000, windowSeconds: 60 }),
    plans: DEFAULT_PLANS,
    jobs,
    blobs: memoryBlobStore(),
    events: fanOut(log, publishEventToWebhooks({ webhooks, jobs })),
    webhooks,
    webhookSender: httpWebhookSender({ allowPrivate: true, timeoutMs: 5_000 }),
    secretBox: aesGcmSecretBox(randomBytes(32)),
    random: () => 0.5,
    transcriptParser: createTranscriptParser(),
    // Audio is accepted and stored, and its processing fails (pass createNoTranscriber() to see audio refused).
    transcriber: failingTranscriber(),
    analyzer: createBuiltinAnalyzer(),
    maxUploadBytes: 5 * 1024 * 1024,
    maxTranscriptBytes: 2 * 1024 * 1024,
    maxUtterances: 10_000,
    // Calendar feeds on 127.0.0.1 are allowed; syncs read 7 days back to 60 ahead of the fixed clock.
    ...calendarPorts({ allowPrivate: true, settings: { intervalMinutes: 15, daysBack: 7, daysAhead: 60 }, timeoutMs: 5_000 }),
    // Bots play the shipped script as fast as possible, captions only; the engine looks a minute ahead every 30 s.
    botRunner: createSimulatedBotRunner({ clock, logger: pino({ level: 'silent' }), speed: Number.POSITIVE_INFINITY, audio: false }),
    bots: { botName: 'Notetaker', leaveCheckMs: 5, wait: (ms) => new Promise((r) => setTimeout(r, ms)) },
    engine: { joinLeadMs: 60_000, lateJoinMs: 600_000, tickMs: 30_000 },
    ...options.ports,
  }
  const core = buildCore(ports)
  const worker = createWorker({ queue: ports.jobs, handlers: core.jobHandlers, clock: ports.clock, logger: options.jobLogger ?? pino({ level: 'silent' }), concurrency: 2, maxRunningPerGroup: 1, pollMs: 50, leaseMs: 60_000, backoffMs: () => 0 })
  const logger = options.logger ?? pino({ level: process.env['HARNESS_LOG'] ?? 'silent' })
  const readiness = options.readiness === undefined ? {} : { readiness: options.readiness.checks, ...(options.readiness.timeoutMs === undefined ? {} : { readinessTimeoutMs: options.readiness.timeoutMs }) }
  const { listener, upgrades, openapi } = createHttpApp(core, { logger, routes: options.routes?.(core) ?? [], ...readiness })
  // The server as `startServer` makes it: the default limits, and Node's own refusals in the envelope.
  const server: Server = createApiServer(listener, { ...defaultServerLimits(), ...options.serverLimits }, logger, upgrades)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const first = await must(core.identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  const other = await must(core.identity.createAccount({ name: 'Bob', email: 'bob@example.com', planKey: 'free', organizationName: null }))
  const issue = async (accountId: string, access: 'full' | 'readonly') =>
    (await must(core.identity.issueApiKey({ accountId, name: 'test', access, organizationWide: false, expiresInDays: null }))).plaintext
  const keys = { full: await issue(first.id, 'full'), readonly: await issue(first.id, 'readonly'), other: await issue(other.id, 'full') }

  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormatsPlugin.default(ajv)
  ajv.addSchema(openapi.components.schemas.Error, '#/components/schemas/Error')
  const operationFor = (method: string, path: string) => {
    const bare = path.split('?')[0]!
    for (const [template, ops] of Object.entries<any>(openapi.paths)) {
      const re = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`)
      if (re.test(bare) && ops[method.toLowerCase()] !== undefined) return ops[method.toLowerCase()]
    }
    return undefined
  }
  const checkAgainstDescription = (method: string, path: string, status: number, body: unknown) => {
    const op = operationFor(method, path)
    if (op === undefined) return
    const documented = op.responses[String(status)]
    if (documented === undefined) throw new Error(`${method} ${path} answered ${status}, which its description does not list`)
    const schema = documented.content?.['application/json']?.schema
    if (schema === undefined || body === undefined) return
    const resolved = schema.$ref === undefined ? schema : openapi.components.schemas.Error
    const validate = ajv.compile(resolved)
    if (!validate(body)) throw new Error(`${method} ${path} ${status} does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`)
  }

  return {
    core,
    clock,
    url,
    openapi,
    worker,
    events: (options.ports?.events as { events?: DomainEvent[] } | undefined)?.events ?? log.events,
    keys,
    accounts: { first: first.id, other: other.id },
    request: async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers }
      const key = options.key === undefined ? keys.full : options.key
      if (key !== null) headers['authorization'] = `Bearer ${key}`
      let body: string | undefined = options.rawBody
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        headers['content-type'] ??= 'application/json'
      }
      // Redirects are answers to check, not to follow (the OAuth callback sends browsers on).
      const res = await fetch(`${url}/ext/v1${path}`, { method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) })
      const text = await res.text()
      const json = res.headers.get('content-type')?.includes('json') && text !== '' ? JSON.parse(text) : text
      if (path.startsWith('/')) checkAgainstDescription(method, path, res.status, json)
      return { status: res.status, headers: res.headers, body: json }
    },
    close: async () => {
      await worker.stop(1_000)
      await new Promise<void>((r) => server.close(() => r()))
      await stores.close()
    },
  }
}
