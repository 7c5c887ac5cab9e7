#!/usr/bin/env node
/**
 * `notetaker`: reads the command line, then loads the code of the one command
 * asked for. A usage error names the one wrong thing; a start that fails says
 * in a line or two what to change (startup-errors.ts).
 */
import { loadConfig } from '../config/index.js'
import { UsageError } from './args.js'
import { CLI } from './name.js'
import { COMMAND_NAMES, HELP, HINT } from './usage.js'
import { nearestCommand, subcommandsOf } from './suggest.js'
import { explainStartupFailure } from '../service/startup-errors.js'

const fail = (message: string, code: number): never => {
  process.stderr.write(message)
  process.exit(code)
}

/** `keys create` and `serve` alike: two words when the first two name a command, else one. */
const commandOf = (argv: string[]): { name: string; args: string[] } | null => {
  const [first, second] = argv
  if (second !== undefined && COMMAND_NAMES.includes(`${first} ${second}`)) return { name: `${first} ${second}`, args: argv.slice(2) }
  return first !== undefined && COMMAND_NAMES.includes(first) ? { name: first, args: argv.slice(1) } : null
}

/** A group named alone lists its commands; anything else is unknown, with the command it most likely meant. */
const unknownCommand = (argv: string[]): string => {
  const [first = '', second] = argv
  const group = subcommandsOf(COMMAND_NAMES, first)
  if (group.length > 0 && (second === undefined || second.startsWith('-'))) return `notetaker ${first}: which one? ${group.map((n) => `\`${CLI} ${n}\``).join(', ')}\n${HINT}\n`
  const asked = argv.slice(0, group.length > 0 ? 2 : 1).join(' ')
  const meant = nearestCommand(COMMAND_NAMES, argv)
  return `notetaker: unknown command '${asked}'${meant === null ? '' : `; did you mean \`${CLI} ${meant}\`?`}\n${HINT}\n`
}

const main = async (argv: string[]) => {
  const first = argv[0]
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(HELP)
    return
  }
  if (first === undefined) fail(`notetaker: which command?\n${HINT}\n`, 2)
  const command = commandOf(argv)
  if (command === null) fail(unknownCommand(argv), 2)
  // `models ...` needs neither the stores nor the server: loaded alone, it starts in a fraction of the time.
  const { commands } = command!.name.startsWith('models ') ? { commands: (await import('./models.js')).modelCommands } : await import('./commands.js')
  await commands[command!.name]!(command!.args)
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) fail(`notetaker: ${e.message}\n${HINT}\n`, 2)
  const config = loadConfig(process.env)
  const known = config._tag === 'Right' ? explainStartupFailure(e, config.right) : null
  if (known !== null) fail(`notetaker: ${known.problem}.\n  ${known.hint}\n`, 1)
  const detail = process.env['LOG_LEVEL'] === 'debug' || process.env['LOG_LEVEL'] === 'trace' ? `\n${(e as Error).stack ?? ''}` : '\n  (LOG_LEVEL=debug shows where it happened)'
  fail(`notetaker: ${(e as Error).message ?? String(e)}${detail}\n`, 1)
})
