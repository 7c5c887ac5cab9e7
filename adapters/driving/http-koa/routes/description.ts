import { randomUUID } from 'node:crypto'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { route } from '../route.js'
import { type ServerEntry, serverOf } from '../server-url.js'
import { overTls } from '../dispatch/session-cookie.js'

/**
 * The document as JSON text with a hole where `servers` goes: serialised once, so each answer
 * only joins three strings around the server of its own request.
 */
const withServersHole = (document: object): readonly [string, string] => {
  const mark = JSON.stringify(randomUUID())
  const parts = JSON.stringify({ ...document, servers: JSON.parse(mark) as string }).split(mark)
  if (parts.length !== 2) throw new Error('the OpenAPI document could not be serialised around its servers')
  return [parts[0]!, parts[1]!]
}

/**
 * The description route serves the document built from the whole table, itself included, naming as
 * its server the public address (NOTETAKER_PUBLIC_URL) or, unset, the address it was requested at.
 */
export const descriptionRoute = (document: () => object, publicUrl: string) => {
  let halves: readonly [string, string] | null = null
  const text = (server: ServerEntry) => {
    halves ??= withServersHole(document())
    return `${halves[0]}${JSON.stringify([server])}${halves[1]}`
  }
  return route({
    operationId: 'getOpenApi',
    method: 'get',
    path: '/openapi.json',
    tag: 'Description',
    summary: 'This OpenAPI 3.1 description',
    description:
      'Needs no key. Agrees with the mounted routes. Query parameters are ignored (a cache-busting `?v=2` gets the same document), unlike on the other routes, where an unknown one is 422. Its `servers` names the API\'s absolute address: `NOTETAKER_PUBLIC_URL` followed by `/ext/v1` when the operator set it, else the scheme and `Host` of this request (a `Host` that is not a plain host and port gives the relative `/ext/v1`).',
    access: 'public',
    unknownQuery: 'ignore',
    success: {
      status: 200,
      description: 'The OpenAPI document.',
      data: { stream: 'application/json' },
      extraStatuses: [
        {
          status: 431,
          envelope: true,
          description: 'The request line and headers together are over 16 KB (e.g. a very long cache-busting query); code BAD_REQUEST. Like every route, this one is also refused with 400 when the request is not valid HTTP/1.1 and with 408 when it does not arrive in time (see the API guide).',
        },
      ],
    },
    handle: ({ headers, connection }) =>
      TE.right({
        status: 200,
        stream: Buffer.from(text(serverOf(publicUrl, { host: typeof headers['host'] === 'string' ? headers['host'] : undefined, tls: overTls(connection) }))),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
  })
}
