import * as E from 'fp-ts/lib/Either.js'
import { type AppError, badRequest, type FieldIssue, validation } from '../../src/core/errors.js'
import type { Param } from './params.js'

type Raw = Readonly<Record<string, string | string[] | undefined>>

/**
 * Reads path or query parameters by their specs. Unreadable values (400) take
 * precedence over values out of bounds (422); unknown query parameters are
 * refused, unless `unknown` is `ignore`.
 */
export const readParams = (
  specs: Readonly<Record<string, Param<unknown>>> | undefined,
  raw: Raw,
  where: 'path' | 'query',
  unknown: 'refuse' | 'ignore' = 'refuse',
): E.Either<AppError, Record<string, unknown>> => {
  const out: Record<string, unknown> = {}
  const unreadable: FieldIssue[] = []
  const invalid: FieldIssue[] = []
  const s = specs ?? {}
  for (const [name, spec] of Object.entries(s)) {
    const value = raw[name]
    if (Array.isArray(value)) {
      unreadable.push({ path: name, message: 'is given more than once' })
      continue
    }
    const r = spec.read(value)
    if (r.ok) out[name] = r.value
    else (r.unreadable ? unreadable : invalid).push({ path: name, message: r.message })
  }
  if (where === 'query' && unknown === 'refuse') {
    for (const name of Object.keys(raw)) {
      if (!(name in s)) invalid.push({ path: name, message: 'is not a known query parameter' })
    }
  }
  if (unreadable.length > 0) return E.left(badRequest(`The ${where} parameter ${unreadable[0]!.path} cannot be read`, unreadable))
  if (invalid.length > 0) return E.left(validation(invalid, `The ${where} parameter ${invalid[0]!.path} is not valid`))
  return E.right(out)
}
