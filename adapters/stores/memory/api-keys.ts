import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKey } from '../../../src/core/domain/identity/api-key.js'
import { conflict } from '../../../src/core/errors.js'
import type { ApiKeyStore } from '../../../src/core/ports/api-key-store.js'

export const memoryApiKeyStore = (): ApiKeyStore => {
  const byId = new Map<string, ApiKey>()
  const byPublicId = new Map<string, string>()
  return {
    create: (key) => {
      if (byPublicId.has(key.publicId)) return TE.left(conflict('An API key with this public id exists already'))
      byId.set(key.id, key)
      byPublicId.set(key.publicId, key.id)
      return TE.right(key)
    },
    findByPublicId: (publicId) => TE.right(O.fromNullable(byId.get(byPublicId.get(publicId) ?? ''))),
    findById: (id) => TE.right(O.fromNullable(byId.get(id))),
    listForAccount: (accountId) =>
      TE.right(
        [...byId.values()].filter((k) => k.accountId === accountId).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      ),
    revoke: (id, at) => {
      const key = byId.get(id)
      if (key === undefined) return TE.right(O.none)
      const revoked = key.revokedAt === null ? { ...key, revokedAt: at } : key
      byId.set(id, revoked)
      return TE.right(O.some(revoked))
    },
  }
}
