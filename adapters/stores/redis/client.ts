import { Redis } from 'ioredis'
import type { Logger } from 'pino'

export type { Redis }

/** The last connection failure of each client while it is not connected, for the readiness check to say why. */
const lastFailure = new WeakMap<Redis, Error>()

/**
 * One connection for the API's Redis adapters. Commands fail after a couple of
 * reconnect attempts instead of queueing for long, so a request answers with a
 * store failure rather than hanging while Redis is away.
 */
export const openRedis = (url: string, logger?: Logger): Redis => {
  const client = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000 })
  let reported = false
  client.on('error', (e: Error) => {
    lastFailure.set(client, e)
    if (reported) return
    reported = true
    logger?.warn({ err: e }, 'Redis cannot be reached; what uses it (rate limits, idempotency keys, the live feed) fails until it is back')
  })
  client.on('ready', () => {
    lastFailure.delete(client)
    if (reported) logger?.info('Redis is reachable again')
    reported = false
  })
  return client
}

/** Readiness: a PING; fails with the connection's state when Redis does not answer. The URL is never in the message. */
export const pingRedis = async (client: Redis): Promise<void> => {
  try {
    await client.ping()
  } catch (e) {
    const why = client.status === 'ready' ? (e as Error).message : `not connected (${client.status}${lastFailure.has(client) ? `: ${lastFailure.get(client)?.message}` : ''})`
    throw new Error(`Redis did not answer PING: ${why}`, { cause: e })
  }
}

/** A Lua script registered once per client (EVALSHA, loaded again when Redis forgets it). */
export const script = (client: Redis, name: string, lua: string, keys: number) => {
  client.defineCommand(name, { numberOfKeys: keys, lua })
  const command = (client as unknown as Record<string, (...args: Array<string | number>) => Promise<unknown>>)[name]!.bind(client)
  return (...args: Array<string | number>) => command(...args)
}
