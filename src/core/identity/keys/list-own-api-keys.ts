import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import { type ApiKeyView, keyView } from '../../domain/identity/api-key-rules.js'
import type { Page, PageQuery } from '../../domain/page.js'
import type { AppError } from '../../errors.js'
import type { ApiKeyStore } from '../../ports/api-key-store.js'

/**
 * `GET /keys`: a page of the caller's account keys, oldest first (so pages stay
 * put as keys are added), revoked and expired ones included; never their hash.
 * An account holds few keys, so the page is cut from the whole list.
 */
export const listOwnApiKeys =
  (deps: { readonly apiKeys: ApiKeyStore }) =>
  (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<ApiKeyView>> =>
    pipe(
      deps.apiKeys.listForAccount(actor.accountId),
      TE.map((keys) => ({ rows: keys.slice(page.offset, page.offset + page.limit).map(keyView), total: keys.length, limit: page.limit, offset: page.offset })),
    )
