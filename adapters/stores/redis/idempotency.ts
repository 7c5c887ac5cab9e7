import * as TE from 'fp-ts/lib/TaskEither.js'
import { storeFailure } from '../../../src/core/errors.js'
import type { IdempotencyClaim, IdempotencyStore } from '../../../src/core/ports/idempotency-store.js'
import { type Redis, script } from './client.js'

/**
 * One hash per account and key, written with the retention as its TTL. Claiming
 * is a Lua script, so exactly one process wins a key however many race for it;
 * the others see it in flight until the winner completes or releases it.
 * `createdAt` (the caller's clock) is checked as well as the TTL, as the other
 * stores do, so a claim older than the retention is taken over.
 */
const CLAIM = `
local fingerprint, now, retentionMs = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local stored = redis.call('HMGET', KEYS[1], 'fingerprint', 'createdAt', 'status', 'body')
if stored[1] == false or now - tonumber(stored[2]) > retentionMs then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'fingerprint', fingerprint, 'createdAt', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], retentionMs)
  return { 'claimed' }
end
if stored[1] ~= fingerprint then return { 'mismatch' } end
if stored[3] == false then return { 'in_flight' } end
return { 'replay', stored[3], stored[4] }
`

/** Fills in the response of a claim that still exists (never recreates an expired one without its TTL). */
const COMPLETE = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'status', ARGV[1], 'body', ARGV[2])
end
return 0
`

/** Account ids and keys are length-prefixed so that no two pairs share a Redis key. */
const keyOf = (prefix: string, accountId: string, key: string) => `${prefix}idem:${accountId.length}:${accountId}:${key}`

export const redisIdempotencyStore = (client: Redis, retentionMs: number, prefix: string): IdempotencyStore => {
  const claim = script(client, 'notetakerIdempotencyClaim', CLAIM, 1)
  const complete = script(client, 'notetakerIdempotencyComplete', COMPLETE, 1)
  return {
    claim: (accountId, key, fingerprint, now) =>
      TE.tryCatch(async (): Promise<IdempotencyClaim> => {
        const [kind, status, body] = (await claim(keyOf(prefix, accountId, key), fingerprint, now.getTime(), retentionMs)) as string[]
        if (kind === 'replay') return { kind, response: { status: Number(status), body: JSON.parse(body!) as unknown } }
        return { kind: kind as 'claimed' | 'mismatch' | 'in_flight' }
      }, storeFailure),
    complete: (accountId, key, response) =>
      TE.tryCatch(async () => {
        await complete(keyOf(prefix, accountId, key), response.status, JSON.stringify(response.body ?? null))
      }, storeFailure),
    release: (accountId, key) =>
      TE.tryCatch(async () => {
        await client.del(keyOf(prefix, accountId, key))
      }, storeFailure),
  }
}
