/** Webhook delivery over HTTP(S) (Standard Webhooks signatures) and the AES-GCM secret box. */
export { httpWebhookSender, type HttpWebhookSenderOptions } from './sender.js'
export { aesGcmSecretBox, loadSecretKey } from '../../system/secret-box.js'
export { mintWebhookSecret, signedHeaders } from './signing.js'
export { vetWebhookUrl } from './url-policy.js'
