import * as TE from 'fp-ts/lib/TaskEither.js'
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from '../../../src/core/ports/idempotency-store.js'

interface Entry {
  readonly fingerprint: string
  readonly createdAt: number
  response: StoredResponse | null
}

export const memoryIdempotencyStore = (retentionMs: number): IdempotencyStore => {
  const entries = new Map<string, Entry>()
  const id = (accountId: string, key: string) => `${accountId}\u0000${key}`
  const sweep = (now: number) => {
    for (const [k, e] of entries) if (now - e.createdAt > retentionMs) entries.delete(k)
  }
  return {
    claim: (accountId, key, fingerprint, now) => {
      const t = now.getTime()
      if (entries.size > 10_000) sweep(t)
      const existing = entries.get(id(accountId, key))
      if (existing === undefined || t - existing.createdAt > retentionMs) {
        entries.set(id(accountId, key), { fingerprint, createdAt: t, response: null })
        return TE.right<never, IdempotencyClaim>({ kind: 'claimed' })
      }
      if (existing.fingerprint !== fingerprint) return TE.right({ kind: 'mismatch' })
      return TE.right(existing.response === null ? { kind: 'in_flight' } : { kind: 'replay', response: existing.response })
    },
    complete: (accountId, key, response) => {
      const e = entries.get(id(accountId, key))
      if (e !== undefined) e.response = response
      return TE.right(undefined)
    },
    release: (accountId, key) => {
      entries.delete(id(accountId, key))
      return TE.right(undefined)
    },
  }
}
