/**
 * Your own adapter checked against Notetaker's port contracts (docs/embedding.md, "Checking your
 * own store"): an idempotency store over a Map, as yours might be over another database, and the
 * one call that checks it. The file is a test: uvu runs its suites when it runs.
 *
 *   node --import tsx examples/check-your-store.ts            every check passes
 *   node --import tsx examples/check-your-store.ts --broken   a store that never forgets a key: a check fails and says which
 *
 * Outside this repository the import is `from 'notetaker/contracts'` (with uvu and fast-check installed).
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { NotetakerPorts } from '../src/index.js'
import { idempotencyStoreContract } from '../src/contracts/index.js'

type IdempotencyStore = NotetakerPorts['idempotency']
type StoredResponse = Parameters<IdempotencyStore['complete']>[2]

interface Claim {
  readonly fingerprint: string
  readonly claimedAt: number
  readonly response: StoredResponse | null
}

/** Remembers each account's keys for `retentionMs` after their claim (`forgets: false` keeps them for ever: a bug). */
export const mapIdempotencyStore = (retentionMs: number, { forgets = true } = {}): IdempotencyStore => {
  const claims = new Map<string, Claim>()
  const keyOf = (accountId: string, key: string) => JSON.stringify([accountId, key])
  return {
    claim: (accountId, key, fingerprint, now) =>
      TE.fromIO(() => {
        const found = claims.get(keyOf(accountId, key))
        if (found === undefined || (forgets && now.getTime() - found.claimedAt > retentionMs)) {
          claims.set(keyOf(accountId, key), { fingerprint, claimedAt: now.getTime(), response: null })
          return { kind: 'claimed' } as const
        }
        if (found.fingerprint !== fingerprint) return { kind: 'mismatch' } as const
        return found.response === null ? ({ kind: 'in_flight' } as const) : ({ kind: 'replay', response: found.response } as const)
      }),
    complete: (accountId, key, response) =>
      TE.fromIO(() => {
        const found = claims.get(keyOf(accountId, key))
        if (found !== undefined) claims.set(keyOf(accountId, key), { ...found, response })
      }),
    release: (accountId, key) =>
      TE.fromIO(() => {
        claims.delete(keyOf(accountId, key))
      }),
  }
}

const HOUR = 3_600_000
const broken = process.argv.includes('--broken')

// The one call: the suite makes a fresh store before each of its tests (the contract expects a retention of one hour).
idempotencyStoreContract(broken ? 'a Map that never forgets' : 'a Map', () => mapIdempotencyStore(HOUR, { forgets: !broken }))
