import * as E from 'fp-ts/Either'
import { isIpLiteral, judgeAddress } from '../net/address-policy.js'
import { checkUrl } from '../net/target.js'

// Names that always mean this machine or a cloud metadata service, whatever DNS says.
const LOCAL_NAMES = /^(localhost|.+\.localhost|metadata\.google\.internal|metadata)\.?$/i

/**
 * Screens a webhook URL at registration: https only (http too when private
 * addresses are allowed), no credentials, and no literal address or well-known
 * name of this machine, a private network, link-local space or a metadata
 * service. Names are resolved and checked again at every delivery (safeFetch).
 */
export const vetWebhookUrl = (raw: string, allowPrivate: boolean): E.Either<string, string> => {
  const checked = checkUrl(raw, allowPrivate)
  if (E.isLeft(checked)) {
    const m = checked.left.message
    return E.left(/^Only /.test(m) ? `${m} (http is allowed only with NOTETAKER_ALLOW_PRIVATE_URLS=true)` : m)
  }
  const url = checked.right
  if (url.hash !== '') return E.left('The address must not contain a #fragment.')
  if (!allowPrivate) {
    const host = url.hostname
    if (LOCAL_NAMES.test(host)) return E.left(`${host} is a local or metadata host name; webhooks must reach a public address.`)
    if (isIpLiteral(host)) {
      const verdict = judgeAddress(host)
      if (!verdict.allowed) return E.left(`${host} is ${verdict.reason}; webhooks must reach a public address.`)
    }
  }
  return E.right(url.toString())
}
