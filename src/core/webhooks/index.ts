/** Webhooks: endpoints, signed deliveries of events with retries, live lines of bots' meetings, the delivery log and secret rotation. */
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { LiveFeed } from '../ports/live-feed.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { SecretBox } from '../ports/secret-box.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { createWebhook } from './create-webhook.js'
import { deleteWebhook } from './delete-webhook.js'
import { deliverLiveLines } from './deliver-live-lines.js'
import { deliverWebhook } from './deliver-webhook.js'
import { getWebhook } from './get-webhook.js'
import { listWebhookDeliveries } from './list-webhook-deliveries.js'
import { listWebhooks } from './list-webhooks.js'
import { resendWebhookDelivery } from './resend-webhook-delivery.js'
import { rotateWebhookSecret } from './rotate-webhook-secret.js'
import { sendTestEvent } from './send-test-event.js'
import { updateWebhook } from './update-webhook.js'
import { LIVE_DELIVERY_JOB } from './live-delivery-job.js'
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery-job.js'

export interface WebhookPorts {
  readonly webhooks: WebhookStore
  readonly webhookSender: WebhookSender
  readonly secretBox: SecretBox
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
  /** A number in [0, 1) for retry jitter; Math.random when absent. */
  readonly random?: () => number
  /** The address the web app is reached at (NOTETAKER_PUBLIC_URL): payloads link to its recording pages. */
  readonly publicUrl?: string
  /** Runs, to tell when a bot is gone from its meeting; the live feed its lines are read from (absent: none are sent). */
  readonly runs: RunStore
  readonly liveFeed?: LiveFeed
}

/** Every webhook use case over one set of ports, and the delivery job handler. */
export const webhookUseCases = (ports: WebhookPorts) => {
  const random = ports.random ?? Math.random
  const deliver = deliverWebhook({ ...ports, random })
  return {
    create: createWebhook(ports),
    list: listWebhooks(ports),
    get: getWebhook(ports),
    update: updateWebhook(ports),
    remove: deleteWebhook(ports),
    rotateSecret: rotateWebhookSecret(ports),
    listDeliveries: listWebhookDeliveries(ports),
    resend: resendWebhookDelivery(ports),
    sendTest: sendTestEvent(ports),
    jobHandlers: { [WEBHOOK_DELIVERY_JOB]: deliver, [LIVE_DELIVERY_JOB]: deliverLiveLines({ ...ports, random }) } as Readonly<Record<string, JobHandler>>,
  }
}

export type WebhookUseCases = ReturnType<typeof webhookUseCases>

export type { WebhookWithSecret } from './create-webhook.js'
export { publishEventToWebhooks } from './publish-event-to-webhooks.js'
