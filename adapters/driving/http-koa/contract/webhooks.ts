/** The wire shapes of /webhooks: endpoints, their delivery log, resends, and the bodies that register and change one. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { type Page } from '../../../../src/core/domain/page.js'
import { LOGGED_PAYLOAD_CHARS } from '../../../../src/core/domain/webhook-delivery.js'
import {
  DeliveredEventName,
  WebhookEventList,
  WebhookEventName,
  WebhookStatus,
  type DeliveryHealth,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../../src/core/domain/webhook.js'
import type { WebhookWithSecret } from '../../../../src/core/webhooks/index.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

const Status = WebhookStatus
const Events = annotate(WebhookEventList, { minItems: 1, description: 'Event names to receive; see the `webhooks` section of this document for each payload.' })
const endpointFields = {
  id: formatted('uuid'),
  url: formatted('uri'),
  description: t.union([t.string, t.null]),
  events: t.array(WebhookEventName),
  status: Status,
  consecutiveFailures: t.Int,
  lastDeliveryAt: nullableFormatted('date-time'),
  lastStatus: t.union([t.Int, t.null]),
  disabledReason: t.union([t.string, t.null]),
  previousSecretExpiresAt: nullableFormatted('date-time', 'After a rotation: until when the replaced secret still signs deliveries.'),
  createdAt: formatted('date-time'),
  updatedAt: formatted('date-time'),
}
export const EndpointCodec = t.exact(t.type(endpointFields), 'WebhookEndpoint')
const SecretCodec = annotate(new t.Type<string, string, unknown>('WebhookSecret', t.string.is, t.string.validate, t.identity), {
  type: 'string',
  description: 'The signing secret, `whsec_<base64>`. Shown only in this answer.',
})
export const EndpointWithSecretCodec = t.exact(
  t.type({ ...endpointFields, secret: SecretCodec }),
  'WebhookEndpointWithSecret',
)
const HealthCodec = t.exact(t.type({ succeeded: t.Int, failed: t.Int, since: formatted('date-time') }), 'DeliveryHealth')
export const EndpointDetailCodec = t.exact(t.type({ ...endpointFields, recentDeliveries: HealthCodec }), 'WebhookEndpointDetail')
export const DeliveryCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    eventId: formatted('uuid'),
    eventType: DeliveredEventName,
    trigger: annotate(t.keyof({ event: null, resend: null, test: null }), { description: 'Why it was sent: the event happened, someone re-sent it, or someone asked for a test.' }),
    attempt: t.Int,
    outcome: t.keyof({ succeeded: null, will_retry: null, failed: null }),
    statusCode: t.union([t.Int, t.null]),
    durationMs: t.Int,
    error: t.union([t.string, t.null]),
    nextAttemptAt: nullableFormatted('date-time'),
    payload: annotate(t.union([t.string, t.null]), {
      description: `The JSON body sent, as signed (cut after ${LOGGED_PAYLOAD_CHARS.toLocaleString('en')} characters, ending in "…"); null on attempts logged before bodies were kept.`,
    }),
    response: annotate(t.union([t.string, t.null]), { description: "The first 200 characters of the receiver's answer; null when none came or it was empty." }),
    createdAt: formatted('date-time'),
  }),
  'WebhookDelivery',
)
export const QueuedCodec = t.exact(
  t.type({ endpointId: formatted('uuid'), eventId: formatted('uuid'), eventType: DeliveredEventName, queuedAt: formatted('date-time') }),
  'QueuedResend',
)
const Description = t.union([t.string, t.null])
export const CreateBody = t.intersection([t.type({ url: formatted('uri'), events: Events }), t.partial({ description: Description })], 'CreateWebhook')
export const PatchBody = t.partial({ url: formatted('uri'), events: Events, status: Status, description: Description }, 'UpdateWebhook')

export const endpointView = (e: WebhookEndpoint): t.TypeOf<typeof EndpointCodec> => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events.filter(WebhookEventName.is),
  status: e.status,
  consecutiveFailures: e.consecutiveFailures as t.Int,
  lastDeliveryAt: e.lastDeliveryAt,
  lastStatus: e.lastStatus as t.Int | null,
  disabledReason: e.disabledReason,
  previousSecretExpiresAt: e.previousSecretExpiresAt,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
})
/** `GET /webhooks/{id}`: the endpoint with its delivery health. */
export const endpointDetailView = (w: { readonly endpoint: WebhookEndpoint; readonly recentDeliveries: DeliveryHealth & { readonly since: string } }): t.TypeOf<typeof EndpointDetailCodec> => ({
  ...endpointView(w.endpoint),
  recentDeliveries: { ...w.recentDeliveries, succeeded: w.recentDeliveries.succeeded as t.Int, failed: w.recentDeliveries.failed as t.Int },
})
export const deletedView = (r: { readonly id: string }): t.TypeOf<typeof DeletedCodec> => ({ id: r.id, deleted: true })
export const withSecret = (w: WebhookWithSecret) => ({ ...endpointView(w.endpoint), secret: w.secret })
const deliveryView = (d: WebhookDelivery) => ({ ...d, attempt: d.attempt as t.Int, statusCode: d.statusCode as t.Int | null, durationMs: d.durationMs as t.Int })
export const deliveryPage = (p: Page<WebhookDelivery>) => ({ ...p, rows: p.rows.map(deliveryView) })

export const DeletedCodec = t.exact(t.type({ id: formatted('uuid'), deleted: t.literal(true) }), 'DeletedWebhook')

export const WebhookEndpointListCodec = pageOf(EndpointCodec, 'WebhookEndpointList')

export const WebhookDeliveryPageCodec = pageOf(DeliveryCodec, 'WebhookDeliveryPage')
