import type * as t from 'io-ts'
import { type JsonSchema, schemaOf } from './codec-schema.js'
import { ERROR_STATUS, type ErrorCode } from '../dispatch/envelope.js'
import { ErrorEnvelope } from '../dispatch/envelope.js'
import type { Param } from '../dispatch/params.js'
import type { AnyRoute } from '../route.js'
import type { ServerEntry } from '../server-url.js'
import { tagsOf } from './openapi-tags.js'
import { webhookEventDocs } from '../routes/webhooks.js'

const ERROR_MEANING: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Malformed JSON, or a parameter that cannot be read (BAD_REQUEST).',
  UNAUTHORIZED: 'No key, or an unknown, revoked or expired key (UNAUTHORIZED); the cases are indistinguishable.',
  FORBIDDEN: 'A read-only key asked for a write, or the key lacks the reach for the route (FORBIDDEN).',
  NOT_FOUND: 'No such record, or the key cannot see it (NOT_FOUND).',
  CONFLICT: 'The change collides with the current state (CONFLICT).',
  VALIDATION_ERROR: 'The body or query parsed but failed the schema (including a control character or an unpaired surrogate in a text, a text over its length, an impossible date, or a body sent to an action that takes none); details[].path names the field (VALIDATION_ERROR).',
  RATE_LIMITED: 'Too many requests (RATE_LIMITED); wait the seconds in Retry-After.',
  INTERNAL_ERROR: 'Server fault (INTERNAL_ERROR); safe to retry with backoff.',
}

const AUTHENTICATED: ReadonlyArray<ErrorCode> = ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR', 'RATE_LIMITED']

const errorCodes = (r: AnyRoute): ErrorCode[] => {
  const codes = new Set<ErrorCode>(r.access === 'public' ? [] : AUTHENTICATED)
  if (r.body !== undefined || Object.keys(r.query ?? {}).length > 0 || Object.keys(r.params ?? {}).length > 0) {
    codes.add('BAD_REQUEST')
    codes.add('VALIDATION_ERROR')
  }
  for (const e of r.errors ?? []) codes.add(e)
  codes.add('INTERNAL_ERROR')
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b])
}

const parameters = (r: AnyRoute) => [
  ...Object.entries<Param<unknown>>(r.params ?? {}).map(([name, p]) => ({ name, in: 'path', required: true, description: p.description, schema: p.schema })),
  ...Object.entries<Param<unknown>>(r.query ?? {}).map(([name, p]) => ({ name, in: 'query', required: p.required, description: p.description, schema: p.schema })),
  ...(r.access === 'write'
    ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'Makes a retry safe: the same key and body replay the first success for 24 hours; the same key with another body is 422; while the first is running, 409.', schema: { type: 'string', minLength: 1, maxLength: 255 } }]
    : []),
]

/**
 * The schema of a body of raw bytes. Text is a string; anything else has no schema of its own (the
 * media type says what it is, as OpenAPI 3.1 describes binary content): generators that read
 * `type: string` on binary content (`format: binary` or `contentMediaType`) as a string validate a
 * Blob as one and refuse it (@hey-api/openapi-ts's Zod and Valibot schemas).
 */
const bytesSchema = (mediaType: string) => (mediaType.startsWith('text/') ? { type: 'string', contentMediaType: mediaType } : {})

const requestBody = (r: AnyRoute) => {
  if (r.body === undefined) return {}
  if ('bytes' in r.body) {
    return { requestBody: { required: true, description: 'The file, as raw bytes.', content: { [r.body.bytes]: { schema: bytesSchema(r.body.bytes) } } } }
  }
  return { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body as t.Mixed) } } } }
}

const headerDocs = (headers: Record<string, string> | undefined) =>
  headers === undefined ? {} : { headers: Object.fromEntries(Object.entries(headers).map(([h, desc]) => [h, { description: desc, schema: { type: 'string' } }])) }

const successResponse = (r: AnyRoute) => {
  const d = r.success.data
  // No Content: the route's data is never sent.
  if (r.success.status === 204) return { description: r.success.description, ...headerDocs(r.success.headers) }
  if ('stream' in d && typeof d.stream === 'string') {
    return {
      description: r.success.description,
      ...headerDocs(d.headers),
      content: Object.fromEntries(
        [d.stream, ...(d.alternatives ?? [])].map((type) => [type, { schema: d.events !== undefined && type === d.stream ? eventsSchema(d.events) : type.includes('json') ? {} : bytesSchema(type) }]),
      ),
    }
  }
  const schema: JsonSchema = { type: 'object', properties: { data: schemaOf(d as t.Mixed) }, required: ['data'], additionalProperties: false }
  return { description: r.success.description, ...headerDocs(r.success.headers), content: { 'application/json': { schema } } }
}

/** A stream of events (Server-Sent Events): each event's `data` is one of the named schemas. */
const eventsSchema = (events: Readonly<Record<string, t.Mixed>>) => ({ oneOf: Object.keys(events).map((name) => ({ $ref: `#/components/schemas/${name}` })) })

/** The component schemas of every route's stream events, by name. */
const streamEventSchemas = (routes: ReadonlyArray<AnyRoute>): Record<string, JsonSchema> =>
  Object.fromEntries(
    routes.flatMap((r) => {
      const d = r.success.data
      return 'stream' in d && typeof d.stream === 'string' && d.events !== undefined ? Object.entries<t.Mixed>(d.events).map(([name, codec]) => [name, schemaOf(codec)]) : []
    }),
  )

const envelopeContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

const operation = (r: AnyRoute) => {
  const errors = Object.fromEntries(
    errorCodes(r).map((code) => [
      String(ERROR_STATUS[code]),
      {
        description: r.errorNotes?.[code] ?? ERROR_MEANING[code],
        ...(code === 'RATE_LIMITED' ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
        content: envelopeContent,
      },
    ]),
  )
  const extra = Object.fromEntries(
    (r.success.extraStatuses ?? []).map((s) => [
      String(s.status),
      {
        description: s.description,
        ...headerDocs(s.headers),
        ...(s.envelope === true ? { content: envelopeContent } : {}),
        ...(s.sameData === true ? { content: (successResponse(r) as { content?: unknown }).content } : {}),
      },
    ]),
  )
  return {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description === undefined ? {} : { description: r.description }),
    ...(r.access === 'public' ? { security: [] } : {}),
    ...(r.access === 'write' ? { 'x-access': 'full' } : {}),
    ...(r.reach === 'organization' ? { 'x-reach': 'organization' } : {}),
    parameters: parameters(r),
    ...requestBody(r),
    responses: { [String(r.success.status)]: successResponse(r), ...extra, ...errors },
  }
}

/** The project's licence (package.json `license`), as an SPDX identifier. */
const LICENSE = { name: 'MIT License', identifier: 'MIT' }

/** The OpenAPI 3.1 description of the mounted routes; `server` is what `servers` names (the description route may name another per request). */
export const buildOpenApi = (routes: ReadonlyArray<AnyRoute>, options: { server: ServerEntry }) => {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const r of routes) (paths[r.path] ??= {})[r.method] = operation(r)
  // The calls the service makes (webhook events): a `webhooks` entry and a payload schema per event.
  const events = webhookEventDocs()
  return {
    openapi: '3.1.0',
    info: {
      title: 'Notetaker API',
      version: '1.0.0',
      description:
        'A self-hostable meeting notetaker. Every path is under /ext/v1. Send the API key as `Authorization: Bearer <key>`, or, from the web app, the session cookie that POST /session sets. Collections use `{ data: { rows, total, limit, offset } }`; failures `{ error: { code, message, details? } }`.',
      // Each installation is run by its own operator; the document cannot name them, so it names the role.
      contact: { name: 'The operator of this Notetaker service' },
      license: LICENSE,
    },
    servers: [options.server],
    security: [{ apiKey: [] }, { cookieAuth: [] }],
    tags: tagsOf(routes),
    paths,
    webhooks: events.webhooks,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: ntk_<public id>_<secret>.' },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'nt_session',
          description:
            'The web app\'s session, from POST /session; used only when there is no Authorization header. Every request made with it that is not GET, HEAD or OPTIONS needs the header `X-CSRF-Token` set to the session\'s `csrfToken` (GET /session), else 403; a request whose Origin is another host is refused with 403.',
        },
      },
      schemas: { Error: schemaOf(ErrorEnvelope), ...streamEventSchemas(routes), ...events.schemas },
    },
  }
}
