import type { EventPublisher } from '../../core/ports/event-publisher.js'
import type { JobQueue } from '../../core/ports/job-queue.js'
import type { WebhookStore } from '../../core/ports/webhook-store.js'
import { publishEventToWebhooks } from '../../core/webhooks/index.js'
import { fanOut } from '../../../adapters/system/event-fan-out.js'
import { aesGcmSecretBox, loadSecretKey } from '../../../adapters/system/secret-box.js'
import { httpWebhookSender } from '../../../adapters/outbound/webhooks/sender.js'

export interface WebhookWiring {
  readonly store: WebhookStore
  readonly jobs: JobQueue
  /** The publisher events went to before webhooks (the event log); it keeps receiving them. */
  readonly log: EventPublisher
  readonly allowPrivate: boolean
  readonly timeoutMs: number
  /** NOTETAKER_SECRET_KEY, or '' to use (or create) `keyFile`. */
  readonly secretKey: string
  /** Where a generated key is kept; null for a key that lives as long as the process (memory store). */
  readonly keyFile: string | null
}

/** The webhook ports, with the event port replaced by the log plus the webhook fan-out. */
export const webhookPorts = (w: WebhookWiring) => ({
  webhooks: w.store,
  webhookSender: httpWebhookSender({ allowPrivate: w.allowPrivate, timeoutMs: w.timeoutMs }),
  secretBox: aesGcmSecretBox(loadSecretKey({ configured: w.secretKey, file: w.keyFile })),
  events: fanOut(w.log, publishEventToWebhooks({ webhooks: w.store, jobs: w.jobs })),
})
