/**
 * The routes of a resource by its id (`/meetings/{id}`, `/webhooks/{id}`, `/calendar/connections/{id}`)
 * share their `id` path parameter, what their 404 means, and how the answer is made of the record
 * the use case returns: `byId` holds them once per resource.
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { AppError } from '../../../src/core/errors.js'
import { uuidPath } from './dispatch/params.js'

/** How a record becomes an answer; given the caller, for answers that read more (e.g. counts). */
export type Answer<A, R> = (actor: Actor) => (record: A) => TE.TaskEither<AppError, R>

/** An answer that is a plain map of the record. */
export const plainly =
  <A, R>(view: (record: A) => R): Answer<A, R> =>
  () =>
  (record) =>
    TE.right(view(record))

/** The answer of a use case's record on the id (and the body) of a by-id route, as its handler. */
const handleWith =
  <A, R>(answer: Answer<A, R>) =>
  <B = undefined>(use: (actor: Actor, id: string, body: B) => TE.TaskEither<AppError, A>) =>
  ({ actor, params, body }: { readonly actor: Actor; readonly params: { readonly id: string }; readonly body: B }) =>
    pipe(
      use(actor, params.id, body),
      TE.flatMap(answer(actor)),
      TE.map((data) => ({ data })),
    )

export const byId = <A, R>(resource: {
  /** The description of the `id` path parameter. */
  readonly id: string
  /** What NOT_FOUND means on these routes. */
  readonly notFound: string
  /** The answer most of its routes give. */
  readonly answer: Answer<A, R>
}) => ({
  params: { id: uuidPath(resource.id) },
  /** The route's error notes: the 404, and any others it has. */
  errorNotes: (others: Partial<Record<string, string>> = {}) => ({ NOT_FOUND: resource.notFound, ...others }),
  /** A handler answering the resource's way. */
  handle: handleWith(resource.answer),
  /** A handler answering another way (another view of the record, or another record). */
  handleWith,
})
