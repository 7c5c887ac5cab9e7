/**
 * The service's log: JSON lines for machines (production, log collectors), or
 * readable lines for a person at a terminal (pino-pretty), as LOG_FORMAT says;
 * `auto` picks readable lines when standard output is a terminal.
 */
import pino, { type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'
import type { Config } from '../config/index.js'

interface Output {
  readonly isTTY?: boolean
  /** Where the lines go; standard output when absent. */
  readonly stream?: DestinationStream & NodeJS.WritableStream
}

export const makeLogger = (config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>, output: Output = process.stdout): Logger => {
  const options = { level: config.LOG_LEVEL, base: { service: 'notetaker' } }
  const readable = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && output.isTTY === true)
  const destination = output.stream ?? pino.destination({ dest: 1, sync: true })
  if (!readable) return pino(options, destination)
  return pino(options, pretty({ colorize: output.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', destination, sync: true }))
}
