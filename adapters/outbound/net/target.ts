import { lookup } from 'node:dns/promises'
import * as E from 'fp-ts/lib/Either.js'
import { familyOf, isIpLiteral, isMetadataName, judgeAddress } from './address-policy.js'
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

/** What is wrong with a user-given URL before any name is resolved; the words never include the host. */
export type UrlProblem =
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'scheme'; readonly scheme: string }

const WEB_SCHEMES: ReadonlyArray<string> = ['https:', 'http:']

/**
 * The host as the raw text spells it, before URL parsing. WHATWG parsing
 * forgives a missing or empty authority for http(s): `https:///x`,
 * `https:/x`, `https:x` and `https:\\x` all become `https://x/`. An address a
 * user registers must say `scheme://host...` with a host.
 */
const spelledHost = (raw: string): string => {
  const authority = /^[a-z][a-z\d+.-]*:\/\/([^/\\?#]*)/i.exec(raw.trim())?.[1] ?? ''
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1)
  return hostPort.startsWith('[') ? hostPort : hostPort.replace(/:\d*$/, '')
}

/**
 * Parses a user-given URL: a URL, http or https, that spells its host
 * (`scheme://host...`), without a user name or password. WHATWG parsing turns
 * decimal, octal and hex IPv4 spellings (`http://2130706433/`, `0x7f.1`) into
 * dotted form, so address checks see what the socket would.
 */
export const readWebUrl = (raw: string): E.Either<UrlProblem, URL> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return E.left({ kind: 'invalid', message: 'The address is not a valid URL.' })
  }
  if (!WEB_SCHEMES.includes(url.protocol)) return E.left({ kind: 'scheme', scheme: url.protocol })
  if (url.hostname === '' || spelledHost(raw) === '') {
    return E.left({ kind: 'invalid', message: 'The address has no host name; it must look like https://host/path.' })
  }
  if (url.username !== '' || url.password !== '') {
    return E.left({ kind: 'invalid', message: 'The address must not contain a user name or password.' })
  }
  return E.right(url)
}

/** The schemes a request may use: https, and http too when private addresses are allowed. */
export const allowedSchemes = (allowPrivate: boolean): ReadonlyArray<string> => (allowPrivate ? ['https:', 'http:'] : ['https:'])

/** Parses and screens the URL at every request (see readWebUrl); http only when allowPrivate. */
export const checkUrl = (raw: string, allowPrivate: boolean): E.Either<NetFailure, URL> => {
  const schemes = allowedSchemes(allowPrivate)
  const refuse = (problem: UrlProblem): NetFailure =>
    netFailure('bad_url', problem.kind === 'invalid' ? problem.message : `Only ${schemes.join(' and ')} addresses are allowed, not ${problem.scheme}`)
  const read = readWebUrl(raw)
  if (E.isLeft(read)) return E.left(refuse(read.left))
  return schemes.includes(read.right.protocol) ? E.right(read.right) : E.left(refuse({ kind: 'scheme', scheme: read.right.protocol }))
}

const resolveFailure = (host: string, error: unknown): NetFailure => {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOTFOUND' || code === 'ENODATA'
    ? netFailure('network', `The host ${host} could not be found.`, 'The server could not be found.')
    : typeof code === 'string'
      ? netFailure('network', `The host ${host} could not be resolved (${code}).`, `The server's name could not be resolved (${code}).`)
      : netFailure('network', `The host ${host} could not be resolved (${String(error)}).`, "The server's name could not be resolved.")
}

const metadataRefusal = (message: string, hostless: string): NetFailure =>
  netFailure('blocked_address', `Requests to cloud metadata services are always refused: ${message}.`, `${hostless}, which is always refused.`)

/**
 * Resolves the host (at every call, so a changed record is seen) and vets every
 * address: when private networks are not allowed, one bad address refuses the
 * whole request, because a name that mixes public and private answers is
 * exactly what a rebinding attack looks like. Cloud metadata services (by name,
 * or any address that is one) are refused even when private networks are
 * allowed.
 */
export const vetTarget = async (url: URL, allowPrivate: boolean, resolve: Resolve): Promise<E.Either<NetFailure, VettedTarget>> => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isMetadataName(host)) return E.left(metadataRefusal(`${host} is the name of a cloud metadata service`, "The server's name is that of a cloud metadata service"))
  const literal = isIpLiteral(host)
  let addresses: ReadonlyArray<string>
  try {
    addresses = literal ? [host] : await resolve(host)
  } catch (error) {
    return E.left(resolveFailure(host, error))
  }
  const noAddress = netFailure('network', `The host ${host} has no address.`, "The server's name has no address.")
  if (addresses.length === 0) return E.left(noAddress)
  const verdicts = addresses.map(judgeAddress)
  // A metadata answer is named first: no setting would allow it.
  const refused = verdicts.find((v) => !v.allowed && v.metadata) ?? verdicts.find((v) => !v.allowed && !allowPrivate)
  if (refused !== undefined && !refused.allowed) {
    const what = refused.address === host ? host : `${host} resolves to ${refused.address}, which`
    if (refused.metadata) {
      const plain = literal ? "The server's address is that of a cloud metadata service" : "The server's name resolves to the address of a cloud metadata service"
      return E.left(metadataRefusal(`${what} is ${refused.reason}`, plain))
    }
    const plainReason = refused.reason.replace(/ \(.*\)$/, '') // drops "(10.0.0.1 inside an IPv6 address)"
    const plain = literal ? `The server's address is ${plainReason}` : `The server's name resolves to ${plainReason}`
    return E.left(
      netFailure(
        'blocked_address',
        `Requests to private or special addresses are refused: ${what} is ${refused.reason}.`,
        `${plain}, which is refused (private addresses are allowed only with NOTETAKER_ALLOW_PRIVATE_URLS=true).`,
      ),
    )
  }
  if (allowPrivate) {
    const address = addresses[0] as string
    return E.right({ url, host, address, family: familyOf(address) })
  }
  const first = verdicts[0]
  if (first === undefined || !first.allowed) return E.left(noAddress)
  return E.right({ url, host, address: first.address, family: first.family })
}
