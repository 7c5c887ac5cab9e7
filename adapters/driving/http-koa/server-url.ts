/**
 * The server the OpenAPI document names: the configured public address, else the address the
 * request was made to. The Host header is the client's to write, so it is used only when it is
 * a plain host[:port] that the URL parser reads back unchanged; the document merely describes
 * itself with it (nothing is fetched, linked or signed from it). X-Forwarded-* are not trusted.
 */
import { API_PREFIX } from './route.js'

/** A DNS name, a dotted IPv4 address or a bracketed IPv6 one, then an optional port. */
const HOST_PORT = /^(?<name>[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(?<port>\d{1,5}))?$/i

/** The origin (`https://host:port`) a request's Host header names, or null when it is not a plain host[:port]. */
export const requestOrigin = (host: string | undefined, tls: boolean): string | null => {
  const m = host === undefined || host.length > 261 ? null : HOST_PORT.exec(host)
  if (m === null) return null
  let url: URL
  try {
    url = new URL(`${tls ? 'https' : 'http'}://${host}`)
  } catch {
    return null // e.g. a port over 65535, or an IPv4 address with a part over 255
  }
  // The parser rewrites forms it reads differently (`1.2.3` as 1.2.0.3, `[0::1]` as [::1]): keep only what it reads as written.
  return url.hostname === m.groups?.['name']?.toLowerCase() ? url.origin : null
}

export interface ServerEntry {
  readonly url: string
  readonly description: string
}

/** The document's `servers`: the public address when set, else the request's origin, else the relative /ext/v1. */
export const serverOf = (publicUrl: string, request?: { readonly host: string | undefined; readonly tls: boolean }): ServerEntry => {
  if (publicUrl !== '') return { url: `${publicUrl}${API_PREFIX}`, description: 'This Notetaker service (its configured public address).' }
  const origin = request === undefined ? null : requestOrigin(request.host, request.tls)
  return origin === null
    ? { url: API_PREFIX, description: 'This Notetaker service, relative to the address this document was read from.' }
    : { url: `${origin}${API_PREFIX}`, description: 'This Notetaker service, at the address this document was requested from.' }
}
