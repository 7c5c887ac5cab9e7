/** Reading the CLI's arguments: a usage error names the one wrong thing. */
import { parseArgs } from 'node:util'
import { Role } from '../../core/domain/identity/organization.js'

export class UsageError extends Error {}

export const usage = (message: string): never => {
  throw new UsageError(message)
}

type Options = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>

export const parse = (args: string[], options: Options, positionals = 0) => {
  try {
    const r = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true })
    if (r.positionals.length !== positionals) usage(positionals === 0 ? `unexpected argument '${r.positionals[0]}'` : `expected ${positionals} argument(s), got ${r.positionals.length}`)
    return r as { values: Record<string, string | boolean | undefined>; positionals: string[] }
  } catch (e) {
    if (e instanceof UsageError) throw e
    // node:util's messages end in a long hint of their own; the first sentence names the wrong thing.
    return usage((e as Error).message.split('. ')[0]!.replace(/\.$/, ''))
  }
}

export const required = (values: Record<string, unknown>, name: string): string => {
  const v = values[name]
  return typeof v === 'string' && v.trim() !== '' ? v : usage(`--${name} is required`)
}

export const roleOf = (values: Record<string, unknown>): Role => {
  const role = required(values, 'role')
  return Role.is(role) ? role : usage('--role must be owner, admin or member')
}

/** A whole number in [min, max] given as an option, or the default when absent. */
export const wholeNumber = (values: Record<string, unknown>, name: string, min: number, max: number, fallback: number): number => {
  const v = values[name]
  if (v === undefined) return fallback
  return typeof v === 'string' && /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : usage(`--${name} must be a whole number from ${min} to ${max}`)
}
