import { hash } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Actor, type ApiKey, isUsable } from '../../../src/core/domain/identity/api-key.js'
import type { AppError } from '../../../src/core/errors.js'
import type { Clock } from '../../../src/core/ports/clock.js'
import type { Ports } from '../../../src/core/build-core.js'

type IdentityStores = Pick<Ports, 'apiKeys' | 'accounts' | 'organizations'>
type Authenticate = (presented: string | undefined) => TE.TaskEither<AppError, Actor>

interface Entry {
  /** Increases with every entry stored: tells which entries existed before a given moment. */
  readonly serial: number
  readonly until: number
  readonly value: unknown
}

interface Remembered {
  readonly actor: Actor
  readonly key: ApiKey
  readonly until: number
}

interface Cache {
  readonly clock: Clock
  readonly entries: Map<string, Entry>
  /** Successful authentications, by a hash of the presented key (never the key itself). */
  readonly remembered: Map<string, Remembered>
  /** Changes on every clear: a look-up that spans a write does not store its possibly stale result. */
  generation: number
  serial: number
}

const MAX_ENTRIES = 10_000
const CACHE = Symbol('identity cache')
const KEY = 'key:'
const ACCOUNT = 'account:'

/**
 * Every request looks up its key and account; this keeps those lookups in
 * memory for a short time. Any write through these stores in this process
 * clears the cache at once; a write by another process (a `notetaker keys
 * revoke` run, another API process) is seen within `ttlMs`.
 */
export const withIdentityCache = (stores: IdentityStores, clock: Clock, ttlMs: number): IdentityStores => {
  if (ttlMs <= 0) return stores
  const cache: Cache = { clock, entries: new Map(), remembered: new Map(), generation: 0, serial: 0 }
  const clear = () => {
    cache.entries.clear()
    cache.remembered.clear()
    cache.generation += 1
  }
  const read =
    <L, R>(prefix: string, f: (id: string) => TE.TaskEither<L, R>) =>
    (id: string): TE.TaskEither<L, R> =>
    async () => {
      const name = prefix + id
      const now = clock.now().getTime()
      const hit = cache.entries.get(name)
      if (hit !== undefined && hit.until > now) return E.right(hit.value as R)
      const generation = cache.generation
      const result = await f(id)()
      if (E.isRight(result) && generation === cache.generation) {
        if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear()
        cache.entries.set(name, { serial: cache.serial++, until: now + ttlMs, value: result.right })
      }
      return result
    }
  const writing = <S extends object>(store: S, reads: ReadonlyArray<keyof S>): S =>
    Object.fromEntries(
      Object.entries(store).map(([name, f]) =>
        typeof f !== 'function' || reads.includes(name as keyof S)
          ? [name, f]
          : [name, (...args: unknown[]) => TE.tap(() => TE.fromIO(clear))(f(...args))],
      ),
    ) as S
  const apiKeys = {
    ...writing(stores.apiKeys, ['findByPublicId', 'findById', 'listForAccount']),
    findByPublicId: read(KEY, stores.apiKeys.findByPublicId),
  }
  Object.defineProperty(apiKeys, CACHE, { value: cache })
  return {
    apiKeys,
    accounts: { ...writing(stores.accounts, ['findById', 'findByEmail', 'count', 'countServerAdmins']), findById: read(ACCOUNT, stores.accounts.findById) },
    organizations: writing(stores.organizations, ['findById']),
  }
}

/**
 * `authenticate`, remembered per presented key (by its hash) for as long as the
 * cached key and account records it was made from stay cached, and cleared with
 * them by any write: so never staler than those records. A request with a known
 * key skips the core's look-ups and hash comparison; expiry is still checked
 * every time. `authenticate` must read keys and accounts through `ports`.
 * Without a cache on `ports.apiKeys`, returns `authenticate` as is.
 */
export const rememberAuthentications = (ports: Pick<Ports, 'apiKeys' | 'keySecrets'>, authenticate: Authenticate): Authenticate => {
  const cache = (ports.apiKeys as { [CACHE]?: Cache })[CACHE]
  if (cache === undefined) return authenticate
  // Only from entries cached before the authentication started and still there: those are what it read.
  // An entry stored meanwhile (by this request or another) may hold newer data than it saw.
  const remember = (id: string, presented: string, actor: Actor, serial: number, generation: number) => {
    const publicId = O.toUndefined(ports.keySecrets.publicIdOf(presented))
    const keyEntry = publicId === undefined ? undefined : cache.entries.get(KEY + publicId)
    const accountEntry = cache.entries.get(ACCOUNT + actor.accountId)
    if (keyEntry === undefined || accountEntry === undefined || generation !== cache.generation) return
    if (keyEntry.serial >= serial || accountEntry.serial >= serial) return
    const key = O.toUndefined(keyEntry.value as O.Option<ApiKey>)
    if (key === undefined) return
    if (cache.remembered.size >= MAX_ENTRIES) cache.remembered.clear()
    cache.remembered.set(id, { actor, key, until: Math.min(keyEntry.until, accountEntry.until) })
  }
  return (presented) => async () => {
    if (presented === undefined) return authenticate(presented)()
    const id = hash('sha256', presented, 'base64')
    const now = cache.clock.now()
    const known = cache.remembered.get(id)
    if (known !== undefined && known.until > now.getTime() && isUsable(known.key, now)) return E.right(known.actor)
    const serial = cache.serial
    const generation = cache.generation
    const result = await authenticate(presented)()
    if (E.isRight(result)) remember(id, presented, result.right, serial, generation)
    return result
  }
}
