import { lookup } from 'node:dns/promises'
import * as E from 'fp-ts/Either'
import { familyOf, isIpLiteral, judgeAddress } from './address-policy.js'
import { type NetFailure, netFailure } from './net-failure.js'

/** Host name to addresses; the default asks the system resolver (DNS, /etc/hosts) every time. */
export type Resolve = (host: string) => Promise<ReadonlyArray<string>>

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** A URL that passed the checks, with the one address the request must connect to. */
export interface VettedTarget {
  readonly url: URL
  /** Host name without IPv6 brackets, as sent in Host and TLS SNI. */
  readonly host: string
  readonly address: string
  readonly family: 4 | 6
}

/**
 * Parses and screens the URL. WHATWG parsing already turns decimal, octal and
 * hex IPv4 spellings (`http://2130706433/`, `0x7f.1`) into dotted form, so the
 * address check below sees what the socket would.
 */
export const checkUrl = (raw: string, allowPrivate: boolean): E.Either<NetFailure, URL> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return E.left(netFailure('bad_url', 'The address is not a valid URL.'))
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol)) {
    return E.left(netFailure('bad_url', `Only ${schemes.join(' and ')} addresses are allowed, not ${url.protocol}`))
  }
  if (url.username !== '' || url.password !== '') {
    return E.left(netFailure('bad_url', 'The address must not contain a user name or password.'))
  }
  if (url.hostname === '') return E.left(netFailure('bad_url', 'The address has no host.'))
  return E.right(url)
}

const resolveFailure = (host: string, error: unknown): NetFailure => {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOTFOUND' || code === 'ENODATA'
    ? netFailure('network', `The host ${host} could not be found.`)
    : netFailure('network', `The host ${host} could not be resolved (${String(code ?? error)}).`)
}

/**
 * Resolves the host (at every call, so a changed record is seen) and vets every
 * address: when private networks are not allowed, one bad address refuses the
 * whole request, because a name that mixes public and private answers is
 * exactly what a rebinding attack looks like.
 */
export const vetTarget = async (url: URL, allowPrivate: boolean, resolve: Resolve): Promise<E.Either<NetFailure, VettedTarget>> => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: ReadonlyArray<string>
  try {
    addresses = isIpLiteral(host) ? [host] : await resolve(host)
  } catch (error) {
    return E.left(resolveFailure(host, error))
  }
  if (addresses.length === 0) return E.left(netFailure('network', `The host ${host} has no address.`))
  if (allowPrivate) {
    const address = addresses[0] as string
    return E.right({ url, host, address, family: familyOf(address) })
  }
  const verdicts = addresses.map(judgeAddress)
  const refused = verdicts.find((v) => !v.allowed)
  if (refused !== undefined && !refused.allowed) {
    const what = refused.address === host ? host : `${host} resolves to ${refused.address}, which`
    return E.left(netFailure('blocked_address', `Requests to private or special addresses are refused: ${what} is ${refused.reason}.`))
  }
  const first = verdicts[0]
  if (first === undefined || !first.allowed) return E.left(netFailure('network', `The host ${host} has no address.`))
  return E.right({ url, host, address: first.address, family: first.family })
}
