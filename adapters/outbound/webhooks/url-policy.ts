import * as E from 'fp-ts/lib/Either.js'
import { type UrlRefusal, screenUrl } from '../net/url-policy.js'

const FLAG_HINT = 'allowed only when the server sets NOTETAKER_ALLOW_PRIVATE_URLS=true'

const words = (r: UrlRefusal, allowPrivate: boolean): string => {
  switch (r.kind) {
    case 'invalid':
      return r.message
    case 'scheme':
      return r.scheme === 'http:' ? `Only https: addresses are allowed, not http: (http is ${FLAG_HINT})` : `Only ${allowPrivate ? 'https: and http:' : 'https:'} addresses are allowed, not ${r.scheme}`
    case 'metadata':
      return `${r.host} is ${r.what}; webhooks may never reach one, whatever the settings.`
    case 'private':
      return `${r.host} is ${r.what}; webhooks must reach a public address (private addresses are ${FLAG_HINT}).`
  }
}

/**
 * Screens a webhook URL at registration with the shared policy (screenUrl in
 * adapters/outbound/net/url-policy.ts): https only (http too when private addresses are
 * allowed), the host spelled out, no credentials, no #fragment, never a cloud
 * metadata service, and no literal address or well-known name of this machine
 * or a private network unless private addresses are allowed. Names are
 * resolved and checked again at every delivery (safeFetch).
 */
export const vetWebhookUrl = (raw: string, allowPrivate: boolean): E.Either<string, string> => {
  const screened = screenUrl(raw, allowPrivate)
  if (E.isLeft(screened)) return E.left(words(screened.left, allowPrivate))
  if (screened.right.hash !== '') return E.left('The address must not contain a #fragment.')
  return E.right(screened.right.toString())
}
