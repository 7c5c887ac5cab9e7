/**
 * The commands of `notetaker`, loaded only when one runs (so --help answers at once).
 * Each reads its own arguments; a refused operation exits 1 with the reason.
 */
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { planAllowanceText } from '../../core/domain/identity/account.js'
import type { AppError } from '../../core/errors.js'
import { buildCore, type Core } from '../../core/build-core.js'
import { openAdapters } from '../composition/adapters.js'
import { generatePassword } from '../../../adapters/system/generated-password.js'
import { parse, required, roleOf, usage, wholeNumber } from './args.js'
import { makeLogger } from '../service/logger.js'
import { configOrExit, startServer, startWorker, stopOnSignals } from '../service/serve.js'
import { passwordFromStdin } from './password.js'
import { modelCommands } from './models.js'
import { asThisInstallRuns } from './name.js'

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
    process.stderr.write(`notetaker: ${asThisInstallRuns(describeError(r.left))}\n`)
    process.exit(1)
  }
  return r.right
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

export const commands: Record<string, (args: string[]) => Promise<void>> = {
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
    const { values } = parse(args, { name: { type: 'string' }, email: { type: 'string' }, plan: { type: 'string' }, organization: { type: 'string' }, 'server-admin': { type: 'boolean' }, json: { type: 'boolean' } })
    const name = required(values, 'name')
    const email = required(values, 'email')
    const config = configOrExit()
    await withCore(async (core) => {
      const a = await run(core.identity.createAccount({ name, email, planKey: (values.plan as string | undefined) ?? config.NOTETAKER_DEFAULT_PLAN, organizationName: (values.organization as string | undefined) ?? null, serverAdmin: values['server-admin'] === true }))
      print(values.json === true, a, `created account ${a.id} (${a.email}, plan ${a.planKey}${a.organizationId === null ? '' : `, organization ${a.organizationId}`}${a.serverAdmin ? ', server administrator' : ''})`)
    })
  },
  'accounts server-admin': async (args) => {
    const { values } = parse(args, { account: { type: 'string' }, off: { type: 'boolean' }, json: { type: 'boolean' } })
    const account = required(values, 'account')
    const on = values.off !== true
    await withCore(async (core) => {
      const { account: a, changed } = await run(core.identity.setServerAdmin(account, on))
      const text = on
        ? changed
          ? `${a.email} is now a server administrator: it manages this server's speech models (the web app's Settings, /ext/v1/server/models)`
          : `${a.email} was already a server administrator; nothing changed`
        : changed
          ? `${a.email} is no longer a server administrator`
          : `${a.email} was not a server administrator; nothing changed`
      print(values.json === true, { accountId: a.id, email: a.email, serverAdmin: a.serverAdmin, changed }, text)
    })
  },
  'accounts set-plan': async (args) => {
    const { values } = parse(args, { account: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean' } })
    const account = required(values, 'account')
    const plan = required(values, 'plan')
    await withCore(async (core) => {
      const { account: a, plan: p, changed } = await run(core.identity.setPlan(account, plan))
      const text = `${a.email} ${changed ? 'is now' : 'was already'} on plan ${p.key} (${planAllowanceText(p)})${changed ? '' : '; nothing changed'}`
      print(values.json === true, { accountId: a.id, email: a.email, plan: p, changed }, text)
    })
  },
  'accounts set-password': async (args) => {
    const { values } = parse(args, { account: { type: 'string' }, json: { type: 'boolean' } })
    const account = required(values, 'account')
    const typed = await passwordFromStdin()
    const password = typed ?? generatePassword()
    await withCore(async (core) => {
      const r = await run(core.identity.setPassword(account, password))
      const ended = r.sessionsEnded === 0 ? '' : `; ${r.sessionsEnded} open session(s) ended`
      if (values.json === true) print(true, { accountId: r.accountId, email: r.email, sessionsEnded: r.sessionsEnded, ...(typed === null ? { password } : {}) }, '')
      else if (typed !== null) process.stdout.write(`set the password of ${r.email}${ended}\n`)
      else process.stdout.write(`set a generated password for ${r.email}${ended}; it is shown only now:\n${password}\n`)
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
      const { key: k, alreadyRevoked } = await run(core.identity.revokeApiKey(positionals[0]!))
      process.stdout.write(alreadyRevoked ? `key ${k.id} was already revoked (at ${k.revokedAt}); nothing changed\n` : `revoked key ${k.id} at ${k.revokedAt}\n`)
    })
  },
  'demo chromium': async (args) => {
    const { values } = parse(args, { keep: { type: 'boolean' } })
    const { demoChromium } = await import('./demo-chromium.js')
    process.exit(await demoChromium({ keep: values.keep === true }))
  },
  'accounts list': async (args) => {
    const { values } = parse(args, { limit: { type: 'string' }, offset: { type: 'string' }, json: { type: 'boolean' } })
    const page = { limit: wholeNumber(values, 'limit', 1, 1000, 100), offset: wholeNumber(values, 'offset', 0, Number.MAX_SAFE_INTEGER, 0) }
    await withCore(async (core) => {
      const p = await run(core.identity.listAccounts(page))
      const line = (a: (typeof p.rows)[number]) => `${a.id}  ${a.email}  ${a.name}  plan ${a.planKey}${a.organizationId === null ? '' : `  organization ${a.organizationId}`}${a.serverAdmin ? '  server administrator' : ''}  created ${a.createdAt}`
      const shown = p.rows.length === 0 ? 'no accounts' : `${p.rows.map(line).join('\n')}\n${p.offset + 1}-${p.offset + p.rows.length} of ${p.total}`
      print(values.json === true, p, p.total === 0 ? 'no accounts' : shown)
    })
  },
  ...modelCommands,
}
