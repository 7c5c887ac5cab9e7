import * as TE from 'fp-ts/lib/TaskEither.js'
import { route } from '../route.js'

/** The description route serves the document built from the whole table, itself included. */
export const descriptionRoute = (document: () => unknown) =>
  route({
    operationId: 'getOpenApi',
    method: 'get',
    path: '/openapi.json',
    tag: 'Description',
    summary: 'This OpenAPI 3.1 description',
    description: 'Needs no key. Agrees with the mounted routes. Query parameters are ignored (a cache-busting `?v=2` gets the same document), unlike on the other routes, where an unknown one is 422.',
    access: 'public',
    unknownQuery: 'ignore',
    success: { status: 200, description: 'The OpenAPI document.', data: { stream: 'application/json' } },
    handle: () =>
      TE.right({
        status: 200,
        stream: Buffer.from(JSON.stringify(document())),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
  })
