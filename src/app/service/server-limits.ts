/** The HTTP server's connection limits and timeouts, from the settings (group Server). */
import * as E from 'fp-ts/lib/Either.js'
import type { ServerLimits } from '../../../adapters/driving/http-koa/server.js'
import { type Config, loadConfig } from '../config/index.js'

export type ServerLimitSettings = Pick<
  Config,
  'NOTETAKER_MAX_CONNECTIONS' | 'NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS' | 'NOTETAKER_HEADERS_TIMEOUT_SECONDS' | 'NOTETAKER_REQUEST_TIMEOUT_SECONDS' | 'NOTETAKER_KEEP_ALIVE_TIMEOUT_SECONDS'
>

export const serverLimits = (config: ServerLimitSettings): ServerLimits => ({
  maxConnections: config.NOTETAKER_MAX_CONNECTIONS,
  maxConnectionsPerAddress: config.NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS,
  headersTimeoutMs: config.NOTETAKER_HEADERS_TIMEOUT_SECONDS * 1000,
  requestTimeoutMs: config.NOTETAKER_REQUEST_TIMEOUT_SECONDS * 1000,
  keepAliveTimeoutMs: config.NOTETAKER_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
})

/** The limits of an unset environment, for servers started without a configuration (the HTTP test harness). */
export const defaultServerLimits = (): ServerLimits => {
  const defaults = loadConfig({})
  if (E.isLeft(defaults)) throw new Error(`the default configuration is not valid: ${defaults.left.join('; ')}`)
  return serverLimits(defaults.right)
}
