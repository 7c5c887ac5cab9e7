import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { type AppError, type FieldIssue, validation } from '../../../../src/core/errors.js'
import { bodyTextIssues } from '../exchange/text-guard.js'

/** The codec beneath exact/readonly wrappers, which do not add a level to a path. */
const unwrap = (type: t.Decoder<unknown, unknown> | undefined): { _tag?: string } | undefined => {
  let c = type as { _tag?: string; type?: t.Decoder<unknown, unknown> } | undefined
  while (c !== undefined && (c._tag === 'ExactType' || c._tag === 'ReadonlyType')) c = c.type as typeof c
  return c
}

const pathOf = (context: t.Context): string =>
  context
    .slice(1)
    .filter((_entry, i) => {
      // Union and intersection members show up as numeric keys under their parent: not part of the field path.
      const tag = unwrap(context[i]?.type)?._tag
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

/** The codec of each field, for codecs whose top level is an object. */
const fieldCodecs = (codec: t.Mixed): Record<string, t.Mixed> => {
  const c = codec as unknown as { _tag?: string; props?: Record<string, t.Mixed>; type?: t.Mixed; types?: t.Mixed[] }
  if (c.props !== undefined) return c.props
  if (c._tag === 'ExactType' || c._tag === 'RefinementType' || c._tag === 'ReadonlyType') return fieldCodecs(c.type!)
  if (c._tag === 'IntersectionType') return Object.assign({}, ...c.types!.map(fieldCodecs))
  return {}
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

/** A field's nested exact object: the field's codec itself, or the one exact object of a nullable union (`openai: {...} | null`). */
const objectOf = (codec: t.Mixed | undefined): t.Mixed | undefined => {
  const c = codec as unknown as { _tag?: string; types?: t.Mixed[] } | undefined
  if (c?._tag === 'ExactType') return codec
  if (c?._tag !== 'UnionType') return undefined
  const exact = c.types!.filter((m) => (m as unknown as { _tag?: string })._tag === 'ExactType')
  return exact.length === 1 ? exact[0] : undefined
}

/** Fields the codec does not know, at the top level and inside nested exact objects (`retention.forever`, `openai.temperature`). */
const unknownFields = (codec: t.Mixed, body: unknown, prefix: string): string[] => {
  const known = knownFields(codec)
  if (known === null || !isObject(body)) return []
  const fields = fieldCodecs(codec)
  return Object.keys(body).flatMap((k) => {
    if (!known.has(k)) return [`${prefix}${k}`]
    const inner = objectOf(fields[k])
    return inner !== undefined ? unknownFields(inner, body[k], `${prefix}${k}.`) : []
  })
}

/**
 * Decodes a JSON body. Unknown fields are refused rather than ignored (at the
 * top level and in nested exact objects), so a typo (`recordoverride`) never passes silently.
 * Every text in it passes the text guard first (control characters, unpaired surrogates, length), so
 * no store ever sees what it cannot keep.
 */
export const decodeBody = <A>(codec: t.Type<A, unknown, unknown>, body: unknown): E.Either<AppError, A> => {
  const texts = bodyTextIssues(body)
  if (texts.length > 0) return E.left(validation(texts, `The field ${texts[0]!.path} ${texts[0]!.message}`))
  const extra = unknownFields(codec as unknown as t.Mixed, body, '')
  if (extra.length > 0) return E.left(validation(extra.map((path) => ({ path, message: 'is not a known field' }))))
  return E.mapLeft((errors: t.Errors) => validation(unique(errors.map(describe))))(codec.decode(body))
}
