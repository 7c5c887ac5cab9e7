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

export const networkMessage = (host: string, error: NodeJS.ErrnoException): string => {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${host} refused the connection.`
    case 'ECONNRESET':
      return `${host} closed the connection unexpectedly.`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from this server.`
    default:
      return /CERT|SELF_SIGNED|ERR_TLS|UNABLE_TO_VERIFY/.test(error.code ?? '')
        ? `The TLS certificate of ${host} is not valid (${error.code}).`
        : `The request to ${host} failed: ${error.code ?? error.message}.`
  }
}
