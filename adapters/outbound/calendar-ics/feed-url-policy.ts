import * as E from 'fp-ts/lib/Either.js'
import { type UrlRefusal, screenUrl } from '../net/url-policy.js'

const FLAG_HINT = 'allowed only when the server sets NOTETAKER_ALLOW_PRIVATE_URLS=true'

/** The refusal in words that never name the host: a feed address is a secret in full. */
const words = (r: UrlRefusal, allowPrivate: boolean): string => {
  switch (r.kind) {
    case 'invalid':
      return r.message.replace(/^The address/, 'The feed address')
    case 'scheme':
      return r.scheme === 'http:'
        ? `The feed address must be https or webcal, not http (http is ${FLAG_HINT}).`
        : `The feed address must be https or webcal${allowPrivate ? ' or http' : ''}, not ${r.scheme.replace(/:$/, '')}.`
    case 'metadata':
      return 'The feed address points to a cloud metadata service; calendar feeds are never read from one, whatever the settings.'
    case 'private':
      return `The feed address points to ${r.what.replace(/ \(.*\)$/, '')}; calendar feeds must be on a public address (private addresses are ${FLAG_HINT}).`
  }
}

/**
 * Screens a feed address when it is connected, with the policy webhooks use
 * (screenUrl in adapters/outbound/net/url-policy.ts); `webcal://` and `webcals://` are
 * read as https. Right: the address as given.
 */
export const vetFeedUrl = (raw: string, allowPrivate: boolean): E.Either<string, string> => {
  const screened = screenUrl(raw.trim().replace(/^webcals?:\/\//i, 'https://'), allowPrivate)
  return E.isLeft(screened) ? E.left(words(screened.left, allowPrivate)) : E.right(raw)
}
