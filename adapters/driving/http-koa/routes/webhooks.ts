import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { EVENT_CATALOGUE, RecordingLinks } from '../../../../src/core/domain/events.js'
import { wholePage } from '../../../../src/core/domain/page.js'
import { DISABLE_AFTER_FAILED_EVENTS, MAX_ATTEMPTS } from '../../../../src/core/domain/webhook-delivery.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { type JsonSchema, schemaOf } from '../openapi/codec-schema.js'
import { pageQuery, uuidPath } from '../dispatch/params.js'
import { byId, plainly } from '../by-id.js'
import { route } from '../route.js'
import {
  EndpointCodec,
  EndpointWithSecretCodec,
  EndpointDetailCodec,
  QueuedCodec,
  CreateBody,
  PatchBody,
  endpointView,
  withSecret,
  deliveryPage,
  DeletedCodec,
  endpointDetailView,
  deletedView,
  WebhookEndpointListCodec,
  WebhookDeliveryPageCodec,
} from '../contract/webhooks.js'

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)
const endpoint = byId({
  id: 'The webhook endpoint id.',
  notFound: "No such webhook endpoint; another account's endpoint answers 404 too (NOT_FOUND).",
  answer: plainly(endpointView),
})
const BAD_FIELDS =
  'A body field failed: `url` not https (http only when the operator allows private URLs) or a private, loopback, link-local or metadata address; `events` empty or with an unknown name (details[].path `events.N`) (VALIDATION_ERROR).'

/** How deliveries work; shown on the tag and the registration route. */
export const WEBHOOK_DELIVERY_DOC = [
  'Deliveries follow [Standard Webhooks](https://www.standardwebhooks.com/): a POST with a JSON body `{ type, timestamp, data }` (data is the event\'s data with its `eventId` and `accountId`)',
  'and the headers `webhook-id` (the event id: the same on every attempt and resend of one event), `webhook-timestamp` (seconds since 1970) and',
  '`webhook-signature` (`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` keyed with the secret\'s base64-decoded bytes after `whsec_`; several space-separated signatures during a secret rotation).',
  `Any 2xx is a success. Timeouts (10 s), network errors, 429 (Retry-After honoured up to 10 h) and 5xx are retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h (each ±20 % jitter; ${MAX_ATTEMPTS} attempts in all);`,
  'any other answer, including redirects (never followed), fails at once. Live lines keep their order: `transcript.data` is retried after 5 s and 5 min only, before any later line, and `transcript.partial` is never retried. Addresses are resolved and checked at every attempt: private, loopback, link-local and metadata addresses are refused.',
  `An event that fails for good counts one failure; a success resets the count; at ${DISABLE_AFTER_FAILED_EVENTS} consecutive failures the endpoint is disabled with a \`disabledReason\`, and nothing is sent until PATCH \`status: "active"\`.`,
  'Secrets are stored encrypted (AES-256-GCM) with a key kept outside the database.',
].join(' ')

export const webhookRoutes = (core: Core) => [
  route({
    operationId: 'listWebhooks', method: 'get', path: '/webhooks', tag: 'Webhooks', access: 'read',
    summary: 'All webhook endpoints of the account',
    description: 'The whole collection, oldest first (not paged: `total` equals the number of rows). The signing secret is never returned.',
    success: { status: 200, description: 'Every endpoint.', data: WebhookEndpointListCodec },
    handle: ({ actor }) => pipe(core.webhooks.list(actor), TE.map((rows) => wholePage(rows.map(endpointView))), TE.map((p) => ({ ...p, rows: [...p.rows] })), data),
  }),
  route({
    operationId: 'createWebhook', method: 'post', path: '/webhooks', tag: 'Webhooks', access: 'write',
    summary: 'Register a webhook endpoint',
    description: `Answers the endpoint with its signing secret, shown only here (rotate it to get a new one). ${WEBHOOK_DELIVERY_DOC}`,
    body: CreateBody,
    errorNotes: { VALIDATION_ERROR: BAD_FIELDS },
    success: { status: 201, description: 'The endpoint and its secret.', data: EndpointWithSecretCodec },
    handle: ({ actor, body }) => pipe(core.webhooks.create(actor, body), TE.map(withSecret), data),
  }),
  route({
    operationId: 'getWebhook', method: 'get', path: '/webhooks/{id}', tag: 'Webhooks', access: 'read',
    summary: 'One endpoint with its recent delivery health',
    description: '`recentDeliveries` counts the attempts of the last 24 hours that succeeded and that failed; `disabledReason` says why sending stopped, if it did.',
    params: endpoint.params,
    errorNotes: endpoint.errorNotes(),
    success: { status: 200, description: 'The endpoint.', data: EndpointDetailCodec },
    handle: endpoint.handleWith(plainly(endpointDetailView))((actor, id) => core.webhooks.get(actor, id)),
  }),
  route({
    operationId: 'updateWebhook', method: 'patch', path: '/webhooks/{id}', tag: 'Webhooks', access: 'write',
    summary: 'Change the URL, events or status of an endpoint',
    description: '`status: "active"` re-enables a disabled endpoint and clears `consecutiveFailures` and `disabledReason`; `status: "disabled"` pauses it (queued retries are dropped). Fields left out stay as they are.',
    params: endpoint.params,
    body: PatchBody,
    errorNotes: endpoint.errorNotes({ VALIDATION_ERROR: BAD_FIELDS }),
    success: { status: 200, description: 'The endpoint as changed.', data: EndpointCodec },
    handle: endpoint.handle((actor, id, changes) => core.webhooks.update(actor, id, changes)),
  }),
  route({
    operationId: 'deleteWebhook', method: 'delete', path: '/webhooks/{id}', tag: 'Webhooks', access: 'write',
    summary: 'Delete an endpoint',
    description: 'Removes the endpoint and its delivery log; attempts still queued for it are dropped.',
    params: endpoint.params,
    errorNotes: endpoint.errorNotes(),
    success: { status: 200, description: 'The id of the deleted endpoint.', data: DeletedCodec },
    handle: endpoint.handleWith(plainly(deletedView))((actor, id) => core.webhooks.remove(actor, id)),
  }),
  route({
    operationId: 'rotateWebhookSecret', method: 'post', path: '/webhooks/{id}/rotate-secret', tag: 'Webhooks', access: 'write',
    summary: 'Replace the signing secret',
    description:
      'Answers the new secret, shown only here. For 24 hours (until `previousSecretExpiresAt`) deliveries carry two signatures in `webhook-signature`, one per secret, so receivers can switch without missing events; rotating again in that time drops the oldest secret.',
    params: endpoint.params,
    errorNotes: endpoint.errorNotes(),
    success: { status: 200, description: 'The endpoint and its new secret.', data: EndpointWithSecretCodec },
    handle: endpoint.handleWith(plainly(withSecret))((actor, id) => core.webhooks.rotateSecret(actor, id)),
  }),
  route({
    operationId: 'listWebhookDeliveries', method: 'get', path: '/webhooks/{id}/deliveries', tag: 'Webhooks', access: 'read',
    summary: 'The delivery log of an endpoint, newest first',
    description:
      'One row per attempt: the event, why it was sent (`trigger`), the attempt number, the outcome (`succeeded`, `will_retry` with `nextAttemptAt`, or `failed`), the HTTP status (null when no answer came), the duration, the error in words, the body sent (`payload`) and the start of the answer (`response`).',
    params: endpoint.params,
    query: pageQuery,
    errorNotes: endpoint.errorNotes(),
    success: { status: 200, description: 'A page of attempts.', data: WebhookDeliveryPageCodec },
    handle: ({ actor, params, query }) => pipe(core.webhooks.listDeliveries(actor, params.id, query), TE.map(deliveryPage), data),
  }),
  route({
    operationId: 'resendWebhookDelivery', method: 'post', path: '/webhooks/{id}/deliveries/{deliveryId}/resend', tag: 'Webhooks', access: 'write',
    summary: 'Send the event of a delivery again',
    description: 'Queues a new delivery of the same event (same `webhook-id`, so receivers can tell it is the same event) to this endpoint, retried on the usual schedule; it shows in the log with `trigger: "resend"`.',
    params: { ...endpoint.params, deliveryId: uuidPath('A delivery (attempt) id from the log.') },
    errors: ['CONFLICT'],
    errorNotes: { NOT_FOUND: 'No such endpoint or delivery for this account (NOT_FOUND).', CONFLICT: 'The endpoint is disabled; PATCH its status to "active" first (CONFLICT).' },
    success: { status: 202, description: 'The delivery is queued.', data: QueuedCodec },
    handle: ({ actor, params }) => data(core.webhooks.resend(actor, params.id, params.deliveryId)),
  }),
  route({
    operationId: 'sendWebhookTest', method: 'post', path: '/webhooks/{id}/test', tag: 'Webhooks', access: 'write',
    summary: 'Send a test event to an endpoint',
    description:
      'Queues a signed `webhook.test` event to this endpoint alone, whatever events it subscribed to, and also while it is disabled (to check a receiver before re-enabling it). It is sent once, never retried, and shows in the delivery log with `trigger: "test"`; it neither counts toward disabling the endpoint nor clears its failures.',
    params: endpoint.params,
    errorNotes: endpoint.errorNotes(),
    success: { status: 202, description: 'The test event is queued.', data: QueuedCodec },
    handle: ({ actor, params }) => data(core.webhooks.sendTest(actor, params.id)),
  }),
]

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event id; the same on every attempt and resend of this event to this endpoint. Deduplicate on it.' },
  { name: 'webhook-timestamp', description: 'When this attempt was sent, in whole seconds since 1970 (UTC). Reject old ones to stop replays.' },
  { name: 'webhook-signature', description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the secret; one per secret in use (two during a rotation).' },
].map((h) => ({ ...h, in: 'header', required: true, schema: { type: 'string' } }))

const schemaName = (event: string) => `${event.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}Event`
/** `recording.ready` → `onRecordingReady`: what a generated receiver calls its handler of the event. */
const operationIdOf = (event: string) => `on${schemaName(event).slice(0, -'Event'.length)}`

const RECORDING_LINK_SCHEMA = {
  properties: {
    recordingPath: { type: 'string', description: "The recording's API path below the service's address, `/ext/v1/recordings/{runId}`." },
    recordingUrl: { type: ['string', 'null'], format: 'uri', description: "The recording's page in the web app; null when the operator has not set NOTETAKER_PUBLIC_URL." },
  },
  required: Object.keys(RecordingLinks.props),
}

/** The event catalogue as OpenAPI 3.1: a payload schema per event and a `webhooks` entry describing each call. */
export const webhookEventDocs = (): { readonly schemas: Record<string, JsonSchema>; readonly webhooks: Record<string, unknown> } => {
  const schemas: Record<string, JsonSchema> = {}
  const webhooks: Record<string, unknown> = {}
  for (const [name, entry] of Object.entries(EVENT_CATALOGUE)) {
    const inner = schemaOf(entry.data)
    const own = inner['properties'] as Record<string, JsonSchema>
    // Events about a recording say where to read it (webhookPayload adds the links).
    const links = 'runId' in own ? RECORDING_LINK_SCHEMA : { properties: {}, required: [] }
    const data = {
      ...inner,
      properties: { eventId: { type: 'string', format: 'uuid' }, accountId: { type: 'string', format: 'uuid' }, ...own, ...links.properties },
      required: ['eventId', 'accountId', ...((inner['required'] as string[] | undefined) ?? []), ...links.required],
    }
    schemas[schemaName(name)] = {
      type: 'object',
      description: entry.when,
      properties: { type: { const: name }, timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' }, data },
      required: ['type', 'timestamp', 'data'],
      additionalProperties: false,
    }
    webhooks[name] = {
      post: {
        operationId: operationIdOf(name),
        summary: entry.when,
        description: WEBHOOK_DELIVERY_DOC,
        tags: ['Webhooks'],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(name)}` } } } },
        responses: { '200': { description: 'Any 2xx status acknowledges the event; answer quickly and process later.' } },
      },
    }
  }
  return { schemas, webhooks }
}
