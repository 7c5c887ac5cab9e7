#!/usr/bin/env node
/** Operator commands, on the same configuration as the server. */
import { parseArgs } from 'node:util'
import * as E from 'fp-ts/Either'
import type * as TE from 'fp-ts/TaskEither'
import { openAdapters } from './adapters.js'
import { CONFIG_DEFAULTS } from './config.js'
import type { AppError } from '../core/errors.js'
import { INVITE_LIFETIME_DAYS, Role } from '../core/domain/organization.js'
import { buildCore, type Core } from '../index.js'
import { configOrExit, makeLogger, startServer, startWorker, stopOnSignals } from './main.js'

const USAGE = `Usage: notetaker <command> [options]

Commands:
  serve [--no-worker]                     serve the API and run background jobs (what npm start runs);
                                          --no-worker serves only, beside \`notetaker worker\` processes
  worker                                  run background jobs only (processing, webhooks, bots, the engine)
  migrate                                 apply database migrations and exit
  accounts create --name NAME --email EMAIL [--plan KEY] [--organization NAME] [--json]
  keys create --account ID_OR_EMAIL [--readonly] [--org-wide] [--expires-in-days N] [--name LABEL] [--json]
                                          prints the key alone on the last line (shown once)
  keys list --account ID_OR_EMAIL [--json]
  keys revoke KEY_ID
  organizations create --name NAME --owner ID_OR_EMAIL [--json]
  organizations add-member --organization ID --account ID_OR_EMAIL --role owner|admin|member [--json]
  organizations invite --organization ID --email EMAIL --role owner|admin|member [--json]
                                          prints the invite token alone on the last line (shown once, valid ${INVITE_LIFETIME_DAYS} days)
  organizations accept --token TOKEN --account ID_OR_EMAIL [--json]

Configuration (environment variables, with defaults):
${Object.entries(CONFIG_DEFAULTS)
  .map(([k, v]) => `  ${k}=${v.length > 40 ? `${v.slice(0, 37)}...` : v}`)
  .join('\n')}
`

class UsageError extends Error {}

const usage = (message: string): never => {
  throw new UsageError(message)
}

const describeError = (e: AppError): string => {
  switch (e._tag) {
    case 'Validation':
      return e.details.map((d) => `${d.path}: ${d.message}`).join('; ')
    case 'StoreFailure':
      return `the store failed: ${String((e.cause as Error)?.message ?? e.cause)}`
    case 'Unauthorized':
      return 'unauthorized'
    case 'RateLimited':
      return 'rate limited'
    default:
      return e.message
  }
}

const run = async <A>(task: TE.TaskEither<AppError, A>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) {
    process.stderr.write(`notetaker: ${describeError(r.left)}\n`)
    process.exit(1)
  }
  return r.right
}

const parse = (args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>, positionals = 0) => {
  try {
    const r = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true })
    if (r.positionals.length !== positionals) usage(`expected ${positionals} argument(s), got ${r.positionals.length}`)
    return r as { values: Record<string, string | boolean | undefined>; positionals: string[] }
  } catch (e) {
    if (e instanceof UsageError) throw e
    return usage((e as Error).message)
  }
}

const required = (values: Record<string, unknown>, name: string): string => {
  const v = values[name]
  return typeof v === 'string' && v.trim() !== '' ? v : usage(`--${name} is required`)
}

const roleOf = (values: Record<string, unknown>): Role => {
  const role = required(values, 'role')
  return Role.is(role) ? role : usage('--role must be owner, admin or member')
}

const withCore = async (f: (core: Core) => Promise<void>) => {
  const opened = await openAdapters(configOrExit())
  try {
    await f(buildCore(opened.ports))
  } finally {
    await opened.close()
  }
}

const print = (json: boolean, value: unknown, text: string) => process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`)

const commands: Record<string, (args: string[]) => Promise<void>> = {
  serve: async (args) => {
    const { values } = parse(args, { 'no-worker': { type: 'boolean' } })
    const config = configOrExit()
    const logger = makeLogger(config)
    stopOnSignals(await startServer(config, logger, undefined, { worker: values['no-worker'] !== true }), logger)
  },
  worker: async (args) => {
    parse(args, {})
    const config = configOrExit()
    const logger = makeLogger(config)
    stopOnSignals(await startWorker(config, logger), logger)
  },
  migrate: async (args) => {
    parse(args, {})
    const opened = await openAdapters(configOrExit())
    process.stdout.write(opened.migrated.length === 0 ? 'the database is up to date\n' : `applied: ${opened.migrated.join(', ')}\n`)
    await opened.close()
  },
  'accounts create': async (args) => {
    const { values } = parse(args, { name: { type: 'string' }, email: { type: 'string' }, plan: { type: 'string' }, organization: { type: 'string' }, json: { type: 'boolean' } })
    const name = required(values, 'name')
    const email = required(values, 'email')
    const config = configOrExit()
    await withCore(async (core) => {
      const a = await run(core.identity.createAccount({ name, email, planKey: (values.plan as string | undefined) ?? config.NOTETAKER_DEFAULT_PLAN, organizationName: (values.organization as string | undefined) ?? null }))
      print(values.json === true, a, `created account ${a.id} (${a.email}, plan ${a.planKey}${a.organizationId === null ? '' : `, organization ${a.organizationId}`})`)
    })
  },
  'keys create': async (args) => {
    const { values } = parse(args, { account: { type: 'string' }, readonly: { type: 'boolean' }, 'org-wide': { type: 'boolean' }, 'expires-in-days': { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } })
    const account = required(values, 'account')
    const days = values['expires-in-days'] as string | undefined
    if (days !== undefined && !/^[1-9]\d{0,4}$/.test(days)) usage('--expires-in-days must be a whole number from 1 to 99999')
    await withCore(async (core) => {
      const found = await run(core.identity.findAccount(account))
      const issued = await run(core.identity.issueApiKey({ accountId: found.id, name: (values.name as string | undefined) ?? 'cli', access: values.readonly === true ? 'readonly' : 'full', organizationWide: values['org-wide'] === true, expiresInDays: days === undefined ? null : Number(days) }))
      const k = issued.key
      if (values.json === true) print(true, { id: k.id, key: issued.plaintext, access: k.access, organizationWide: k.organizationWide, expiresAt: k.expiresAt }, '')
      else process.stdout.write(`created ${k.access} key ${k.id} for ${found.email}${k.organizationWide ? ' (organization-wide)' : ''}${k.expiresAt === null ? '' : `, expires ${k.expiresAt}`}; it is shown only now:\n${issued.plaintext}\n`)
    })
  },
  'keys list': async (args) => {
    const { values } = parse(args, { account: { type: 'string' }, json: { type: 'boolean' } })
    const account = required(values, 'account')
    await withCore(async (core) => {
      const keys = await run(core.identity.listApiKeys(account))
      const shown = keys.map(({ hash: _hash, ...k }) => k)
      print(values.json === true, shown, shown.map((k) => `${k.id}  ntk_${k.publicId}_…  ${k.access}${k.organizationWide ? ' org-wide' : ''}  ${k.name}  created ${k.createdAt}${k.revokedAt === null ? '' : `  revoked ${k.revokedAt}`}${k.expiresAt === null ? '' : `  expires ${k.expiresAt}`}`).join('\n') || 'no keys')
    })
  },
  'organizations create': async (args) => {
    const { values } = parse(args, { name: { type: 'string' }, owner: { type: 'string' }, json: { type: 'boolean' } })
    const input = { name: required(values, 'name'), owner: required(values, 'owner') }
    await withCore(async (core) => {
      const o = await run(core.organization.create(input))
      print(values.json === true, o, `created organization ${o.id} (${o.name}) owned by ${input.owner}`)
    })
  },
  'organizations add-member': async (args) => {
    const { values } = parse(args, { organization: { type: 'string' }, account: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean' } })
    const input = { organizationId: required(values, 'organization'), account: required(values, 'account'), role: roleOf(values) }
    await withCore(async (core) => {
      const m = await run(core.organization.addMember(input))
      print(values.json === true, m, `added ${input.account} to organization ${m.organizationId} as ${m.role}`)
    })
  },
  'organizations invite': async (args) => {
    const { values } = parse(args, { organization: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean' } })
    const input = { organizationId: required(values, 'organization'), email: required(values, 'email'), role: roleOf(values), invitedBy: null }
    await withCore(async (core) => {
      const { invite: i, token } = await run(core.organization.inviteAsOperator(input))
      if (values.json === true) print(true, { id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt, token }, '')
      else process.stdout.write(`invited ${i.email} as ${i.role} (invite ${i.id}, expires ${i.expiresAt}); the token, shown only now:\n${token}\n`)
    })
  },
  'organizations accept': async (args) => {
    const { values } = parse(args, { token: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean' } })
    const token = required(values, 'token')
    const account = required(values, 'account')
    await withCore(async (core) => {
      const found = await run(core.identity.findAccount(account))
      const r = await run(core.organization.acceptInvite({ token, accountId: found.id }))
      print(values.json === true, { organization: r.organization, role: r.membership.role, joinedAt: r.membership.joinedAt }, `${found.email} joined organization ${r.organization.id} (${r.organization.name}) as ${r.membership.role}`)
    })
  },
  'keys revoke': async (args) => {
    const { positionals } = parse(args, {}, 1)
    await withCore(async (core) => {
      const k = await run(core.identity.revokeApiKey(positionals[0]!))
      process.stdout.write(`revoked key ${k.id} at ${k.revokedAt}\n`)
    })
  },
}

const main = async (argv: string[]) => {
  const [first, second, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(USAGE)
    process.exit(first === undefined ? 2 : 0)
  }
  const two = `${first} ${second ?? ''}`
  const [command, args] = commands[two] !== undefined ? [commands[two], rest] : [commands[first], argv.slice(1)]
  if (command === undefined) usage(`unknown command '${argv.slice(0, 2).join(' ')}'`)
  await command!(args)
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) {
    process.stderr.write(`notetaker: ${e.message}\n\n${USAGE}`)
    process.exit(2)
  }
  process.stderr.write(`notetaker: ${(e as Error).stack ?? String(e)}\n`)
  process.exit(1)
})
