import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PasswordStore, StoredPassword } from '../../../src/core/ports/password-store.js'

export const memoryPasswordStore = (): PasswordStore => {
  const byAccount = new Map<string, StoredPassword>()
  return {
    set: (accountId, hash, at) => {
      byAccount.set(accountId, { accountId, hash, updatedAt: at })
      return TE.right(undefined)
    },
    find: (accountId) => TE.right(O.fromNullable(byAccount.get(accountId))),
  }
}
