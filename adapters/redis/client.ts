import { Redis } from 'ioredis'
import type { Logger } from 'pino'

export type { Redis }

/**
 * One connection for the API's Redis adapters. Commands fail after a couple of
 * reconnect attempts instead of queueing for long, so a request answers with a
 * store failure rather than hanging while Redis is away.
 */
export const openRedis = (url: string, logger?: Logger): Redis => {
  const client = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000 })
  let reported = false
  client.on('error', (e: Error) => {
    if (reported) return
    reported = true
    logger?.warn({ err: e }, 'Redis cannot be reached; rate limits and idempotency keys fail until it is back')
  })
  client.on('ready', () => {
    if (reported) logger?.info('Redis is reachable again')
    reported = false
  })
  return client
}

/** A Lua script registered once per client (EVALSHA, loaded again when Redis forgets it). */
export const script = (client: Redis, name: string, lua: string, keys: number) => {
  client.defineCommand(name, { numberOfKeys: keys, lua })
  const command = (client as unknown as Record<string, (...args: Array<string | number>) => Promise<unknown>>)[name]!.bind(client)
  return (...args: Array<string | number>) => command(...args)
}
