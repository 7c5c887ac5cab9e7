import * as E from 'fp-ts/Either'
import type * as t from 'io-ts'
import { type AppError, type FieldIssue, validation } from '../../src/core/errors.js'

const pathOf = (context: t.Context): string =>
  context
    .slice(1)
    .filter((entry, i, all) => {
      // Union and intersection members show up as numeric keys of a non-array parent: not part of the field path.
      const parent = all[i - 1]?.type ?? context[0]?.type
      const tag = (parent as { _tag?: string } | undefined)?._tag
      return !(tag === 'UnionType' || tag === 'IntersectionType')
    })
    .map((entry) => entry.key)
    .join('.')

const describe = (e: t.ValidationError): FieldIssue => {
  const leaf = e.context[e.context.length - 1]
  const path = pathOf(e.context) || '(body)'
  if (e.message !== undefined) return { path, message: e.message }
  if (e.value === undefined) return { path, message: 'is required' }
  return { path, message: `must be ${leaf?.type.name ?? 'valid'}` }
}

const unique = (issues: FieldIssue[]): FieldIssue[] => {
  const seen = new Set<string>()
  return issues.filter((i) => (seen.has(i.path) ? false : (seen.add(i.path), true)))
}

/** Fields a body may carry, for codecs whose top level is an object. */
const knownFields = (codec: t.Mixed): Set<string> | null => {
  const c = codec as unknown as { _tag?: string; props?: object; type?: t.Mixed; types?: t.Mixed[] }
  if (c.props !== undefined) return new Set(Object.keys(c.props))
  if (c._tag === 'ExactType' || c._tag === 'RefinementType' || c._tag === 'ReadonlyType') return knownFields(c.type!)
  if (c._tag === 'IntersectionType') {
    const parts = c.types!.map(knownFields)
    return parts.some((p) => p === null) ? null : new Set(parts.flatMap((p) => [...p!]))
  }
  return null
}

/**
 * Decodes a JSON body. Unknown top-level fields are refused rather than
 * ignored, so a typo (`recordoverride`) never passes silently.
 */
export const decodeBody = <A>(codec: t.Type<A, unknown, unknown>, body: unknown): E.Either<AppError, A> => {
  const known = knownFields(codec)
  if (known !== null && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const extra = Object.keys(body).filter((k) => !known.has(k))
    if (extra.length > 0) return E.left(validation(extra.map((path) => ({ path, message: 'is not a known field' }))))
  }
  return E.mapLeft((errors: t.Errors) => validation(unique(errors.map(describe))))(codec.decode(body))
}
