import * as E from 'fp-ts/lib/Either.js'
import { isIpLiteral, isMetadataName, judgeAddress } from './address-policy.js'
import { readWebUrl } from './target.js'

/** Names that always mean this machine, whatever DNS says. */
const LOCAL_NAMES = /^(localhost|.+\.localhost)\.?$/i

/**
 * Why an address a user registers (a webhook URL, a calendar feed) is refused.
 * Each caller puts it in its own words: webhooks name the host, calendar feeds
 * never do (their address is a secret).
 */
export type UrlRefusal =
  /** Not a URL, no host spelled out, or a user name or password; `message` never names the host. */
  | { readonly kind: 'invalid'; readonly message: string }
  /** Not https: anything but http is refused always; http only without NOTETAKER_ALLOW_PRIVATE_URLS. */
  | { readonly kind: 'scheme'; readonly scheme: string }
  /** A cloud metadata service, by name or literal address: refused whatever the settings. */
  | { readonly kind: 'metadata'; readonly host: string; readonly what: string }
  /** This machine or a private network, by name or literal address: allowed with NOTETAKER_ALLOW_PRIVATE_URLS=true. */
  | { readonly kind: 'private'; readonly host: string; readonly what: string }

/** Whether NOTETAKER_ALLOW_PRIVATE_URLS=true would have accepted the address. */
export const flagWouldAllow = (r: UrlRefusal): boolean => r.kind === 'private' || (r.kind === 'scheme' && r.scheme === 'http:')

/**
 * Screens a URL when it is registered, before anything is stored: https (http
 * too when private addresses are allowed), the host spelled out, no
 * credentials; never a cloud metadata service (its names, or its addresses in
 * any spelling); and, unless private addresses are allowed, no `localhost`
 * name and no literal loopback, private, link-local, unique-local or other
 * special address. Host names are resolved and checked again at every request
 * (safeFetch), where a name that resolves to a metadata address is refused too.
 *
 * The metadata check comes before the scheme check so that a refusal never
 * points at the flag when the flag would not help.
 */
export const screenUrl = (raw: string, allowPrivate: boolean): E.Either<UrlRefusal, URL> => {
  const read = readWebUrl(raw)
  if (E.isLeft(read)) return read
  const url = read.right
  const host = url.hostname
  if (isMetadataName(host)) return E.left({ kind: 'metadata', host, what: 'the name of a cloud metadata service' })
  const verdict = isIpLiteral(host) ? judgeAddress(host) : null
  if (verdict !== null && !verdict.allowed && verdict.metadata) return E.left({ kind: 'metadata', host, what: verdict.reason })
  if (allowPrivate) return E.right(url)
  if (url.protocol !== 'https:') return E.left({ kind: 'scheme', scheme: url.protocol })
  if (LOCAL_NAMES.test(host)) return E.left({ kind: 'private', host, what: 'a name of this machine' })
  if (verdict !== null && !verdict.allowed) return E.left({ kind: 'private', host, what: verdict.reason })
  return E.right(url)
}
