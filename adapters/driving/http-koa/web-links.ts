/**
 * Links into the web app that the API hands out (an invite's or a share's one-time
 * link): at NOTETAKER_PUBLIC_URL when the operator set it, else at the origin the
 * request was made to (the same checked Host as the OpenAPI document's `servers`).
 */
import { requestOrigin } from './server-url.js'
import type { Connection } from './dispatch/session-cookie.js'
import { overTls } from './dispatch/session-cookie.js'

export interface WebLinks {
  /** The web app's address for a request: the public address, or the request's origin; '' when neither is known (in-process calls). */
  readonly baseFor: (headers: Readonly<Record<string, string | string[] | undefined>>, connection: Connection | undefined) => string
}

export const webLinks = (publicUrl: string): WebLinks => ({
  baseFor: (headers, connection) => {
    if (publicUrl !== '') return publicUrl.replace(/\/+$/, '')
    const host = headers['host']
    return requestOrigin(typeof host === 'string' ? host : undefined, overTls(connection)) ?? ''
  },
})

/** The join page's link for a token; the token rides in the fragment, so it never reaches a server's log. */
export const joinLink = (base: string) => (token: string): string => `${base}/join#token=${encodeURIComponent(token)}`

/** The page that confirms a new email address (the token in the fragment, as for joining). */
export const confirmEmailLink = (base: string) => (token: string): string => `${base}/confirm-email#token=${encodeURIComponent(token)}`
