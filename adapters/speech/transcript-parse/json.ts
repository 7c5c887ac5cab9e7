import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as t from 'io-ts'
import type { TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
import { failAt, failWhole } from './failure.js'
import { type Reading, reading } from './finish.js'

/** The longest time a transcript may name: 7 days. Beyond it, times are mistakes (an `end_ms` of 2^60 would export as hour 320,255,973,501). */
export const MAX_TRANSCRIPT_MS = 7 * 24 * 60 * 60 * 1000

const Millis = t.refinement(
  t.number,
  (n) => Number.isFinite(n) && n >= 0 && n <= MAX_TRANSCRIPT_MS,
  `a number of milliseconds from 0 to ${MAX_TRANSCRIPT_MS.toLocaleString('en')} (7 days)`,
)

// Control characters other than tab and line breaks (a NUL cannot even be stored by Postgres).
const TEXT_WITHOUT_CONTROLS = 'text without control characters such as NUL'
const Text = t.refinement(t.string, (s) => !/[\x00-\x08\x0B\x0E-\x1F\x7F]/.test(s), TEXT_WITHOUT_CONTROLS)

/** One utterance as the API writes it; speaker may be missing or null (read as Unknown). */
const JsonUtterance = t.intersection([
  t.type({ start_ms: Millis, end_ms: Millis, text: Text }),
  t.partial({ speaker: t.union([Text, t.null]) }),
])
const JsonTranscript = t.union([t.array(JsonUtterance), t.type({ utterances: t.array(JsonUtterance) })])

const describeValue = (v: unknown): string => {
  if (v === undefined) return 'nothing'
  const s = JSON.stringify(v)
  return s.length > 40 ? `${s.slice(0, 37)}...` : s
}

/**
 * Names the deepest failing place, e.g. "utterances[3].end_ms". io-ts reports one error per
 * union branch; the one that got furthest into the value is the branch the author meant.
 */
const describeErrors = (errors: t.Errors): string => {
  const best = errors.reduce((a, b) => (b.context.length > a.context.length ? b : a))
  const path = pathText(best.context)
  const expected = best.context[best.context.length - 1]?.type.name ?? 'a value'
  if (path === '') return `expected a list of utterances or {"utterances": [...]}, got ${describeValue(best.value)}`
  // A bare list has no key of its own; call it what the wrapped form calls it.
  // Say what is wrong with the value at hand: a missing text is missing, not a text with a NUL.
  const wanted = expected === TEXT_WITHOUT_CONTROLS && typeof best.value !== 'string' ? 'text' : friendly(expected)
  return `${path.startsWith('[') ? 'utterances' : ''}${path}: expected ${wanted}, got ${describeValue(best.value)}`
}

const friendly = (name: string): string =>
  ({ string: 'text', number: 'a number', '(string | null)': 'text or null' } as Record<string, string>)[name] ?? name

// io-ts nests the intersection and union members under numeric keys that are not array
// indexes; only keys under an array (ArrayType) are indexes.
const pathText = (context: t.Context): string => {
  let out = ''
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]!.type
    const key = context[i]!.key
    if (parent instanceof t.ArrayType) out += `[${key}]`
    else if (parent instanceof t.InterfaceType || parent instanceof t.PartialType) out += out === '' ? key : `.${key}`
  }
  return out
}

const lineOfPosition = (text: string, message: string): number | null => {
  const m = /position (\d+)/.exec(message)
  return m === null ? null : text.slice(0, Number(m[1])).split('\n').length
}

/** JSON in the API's own utterance shape, as a list or wrapped as `{ "utterances": [...] }`. */
export const parseJson = (text: string): E.Either<TranscriptParseFailure, Reading> =>
  pipe(
    E.tryCatch(
      () => JSON.parse(text.replace(/^\uFEFF/, '')) as unknown,
      (e) => {
        const message = (e as Error).message
        const line = lineOfPosition(text, message)
        const reason = `the file is not valid JSON (${message})`
        return line === null ? failWhole(reason) : failAt(line, reason)
      },
    ),
    E.flatMap((json) => pipe(JsonTranscript.decode(json), E.mapLeft((errors) => failWhole(describeErrors(errors))))),
    E.flatMap((decoded) => {
      const list = Array.isArray(decoded) ? decoded : decoded.utterances
      const backwards = list.findIndex((u) => u.end_ms < u.start_ms)
      return backwards < 0
        ? E.right(reading(list.map((u) => ({ start_ms: u.start_ms, end_ms: u.end_ms, speaker: u.speaker ?? null, text: u.text }))))
        : E.left(failWhole(`utterances[${backwards}].end_ms: the utterance ends before it starts`))
    }),
  )
