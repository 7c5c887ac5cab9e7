import * as E from 'fp-ts/lib/Either.js'
import { type AppError, badRequest, type FieldIssue, validation } from '../../../../src/core/errors.js'
import type { Param } from './params.js'
import { textProblem } from '../exchange/text-guard.js'

type Raw = Readonly<Record<string, string | string[] | undefined>>

/**
 * Reads path or query parameters by their specs. Unreadable values (400) take
 * precedence over values out of bounds (422); unknown query parameters are
 * refused, unless `unknown` is `ignore`. Every value read, and every unknown one
 * refused, passes the text guard first (a NUL or another control character is 422
 * on its name); an ignored one is never read, so it is not looked at (a provider's
 * `error_description` on the OAuth callback carries line breaks).
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
  const texts = guardTexts(unknown === 'ignore' ? Object.fromEntries(Object.entries(raw).filter(([name]) => name in s)) : raw)
  if (texts.length > 0) return E.left(validation(texts, `The ${where} parameter ${texts[0]!.path} ${texts[0]!.message}`))
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
  if (invalid.length > 0) return E.left(validation(invalid))
  return E.right(out)
}

const guardTexts = (raw: Raw): FieldIssue[] =>
  Object.entries(raw).flatMap(([name, value]) => {
    const problem = [name, ...(value === undefined ? [] : [value].flat())].map((text) => textProblem(text, false)).find((p) => p !== null)
    return problem === undefined || problem === null ? [] : [{ path: name, message: problem }]
  })
