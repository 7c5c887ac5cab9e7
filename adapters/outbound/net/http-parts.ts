/** Small pieces of safeFetch: the pinned DNS lookup, header flattening and readable network errors. */
import type * as http from 'node:http'
import type { LookupFunction } from 'node:net'

/** A lookup that always answers with the address already vetted. */
export const pinnedLookup = (address: string, family: 4 | 6): LookupFunction =>
  ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address, family }])
    else cb(null, address, family)
  }) as LookupFunction

export const flatHeaders = (raw: http.IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** Why a request failed on the network, naming the server as `who`; `detail` stands for an error without a code. */
const networkWords = (who: string, error: NodeJS.ErrnoException, detail: string): string => {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${who} refused the connection.`
    case 'ECONNRESET':
      return `${who} closed the connection unexpectedly.`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${who} cannot be reached from this server.`
    default:
      return /CERT|SELF_SIGNED|ERR_TLS|UNABLE_TO_VERIFY/.test(error.code ?? '')
        ? `The TLS certificate of ${who} is not valid (${error.code}).`
        : `The request to ${who} failed: ${error.code ?? detail}.`
  }
}

export const networkMessage = (host: string, error: NodeJS.ErrnoException): string => networkWords(host, error, error.message)

/** The same without the host: an error's own text may carry the address, so only its code is told. */
export const hostlessNetworkMessage = (error: NodeJS.ErrnoException): string => {
  const words = networkWords('the server', error, 'a network error').replace(' from this server', ' from Notetaker')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
