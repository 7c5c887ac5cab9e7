import * as TE from 'fp-ts/TaskEither'
import type { Clock } from '../../src/core/ports/clock.js'
import type { Ports } from '../../src/index.js'

type IdentityStores = Pick<Ports, 'apiKeys' | 'accounts' | 'organizations'>

/**
 * Every request looks up its key and account; this keeps those lookups in
 * memory for a short time. Any write through these stores in this process
 * clears the cache at once; a write by another process (a `notetaker keys
 * revoke` run, another API process) is seen within `ttlMs`.
 */
export const withIdentityCache = (stores: IdentityStores, clock: Clock, ttlMs: number): IdentityStores => {
  if (ttlMs <= 0) return stores
  const entries = new Map<string, { readonly until: number; readonly value: unknown }>()
  const read =
    <A extends unknown[], R>(prefix: string, f: (...args: A) => TE.TaskEither<unknown, R>) =>
    (...args: A): TE.TaskEither<never, R> => {
      const key = `${prefix}:${args.join('\u0000')}`
      return async () => {
        const now = clock.now().getTime()
        const hit = entries.get(key)
        if (hit !== undefined && hit.until > now) return { _tag: 'Right', right: hit.value as R }
        const result = await f(...args)()
        if (result._tag === 'Right') {
          if (entries.size > 10_000) entries.clear()
          entries.set(key, { until: now + ttlMs, value: result.right })
        }
        return result as never
      }
    }
  const writing = <S extends object>(store: S, reads: ReadonlyArray<keyof S>): S =>
    Object.fromEntries(
      Object.entries(store).map(([name, f]) =>
        typeof f !== 'function' || reads.includes(name as keyof S)
          ? [name, f]
          : [name, (...args: unknown[]) => TE.tap(() => TE.fromIO(() => entries.clear()))(f(...args))],
      ),
    ) as S
  return {
    apiKeys: { ...writing(stores.apiKeys, ['findByPublicId', 'findById', 'listForAccount']), findByPublicId: read('key', stores.apiKeys.findByPublicId) },
    accounts: { ...writing(stores.accounts, ['findById', 'findByEmail', 'count']), findById: read('account', stores.accounts.findById) },
    organizations: writing(stores.organizations, ['findById']),
  }
}
