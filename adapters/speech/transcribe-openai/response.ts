import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as t from 'io-ts'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'

const Segment = t.type({ start: t.number, end: t.number, text: t.string })

/** The parts of OpenAI's `verbose_json` answer we use; servers add more (tokens, words, ...). */
export const VerboseTranscription = t.intersection([
  t.type({ text: t.string }),
  // `language`: the one detected or used, as a code (`en`: faster-whisper, whisper.cpp) or a name (`english`: OpenAI).
  t.partial({ segments: t.union([t.array(Segment), t.null]), language: t.union([t.string, t.null]) }),
])
export type VerboseTranscription = t.TypeOf<typeof VerboseTranscription>

// Intersection and union members appear in the context under numeric keys; only keys under
// objects and arrays are part of the path a reader would write.
const pathOf = (e: t.ValidationError): string => {
  let out = ''
  for (let i = 1; i < e.context.length; i++) {
    const parent = e.context[i - 1]!.type
    const key = e.context[i]!.key
    if (parent instanceof t.ArrayType) out += `[${key}]`
    else if (parent instanceof t.InterfaceType || parent instanceof t.PartialType) out += out === '' ? key : `.${key}`
  }
  return out
}

/** Decodes the answer, naming the first field that is not as expected. */
export const decodeAnswer = (json: unknown): E.Either<string, VerboseTranscription> =>
  pipe(
    VerboseTranscription.decode(json),
    E.mapLeft((errors) => {
      const first = errors.reduce((a, b) => (b.context.length > a.context.length ? b : a))
      return `${pathOf(first) || 'the answer'} is not as expected (got ${JSON.stringify(first.value)?.slice(0, 40) ?? 'nothing'})`
    }),
  )

/**
 * Segments (seconds) become utterances (milliseconds) clamped to the audio; an answer with
 * text but no segments becomes one utterance over the whole audio.
 */
export const toUtterances = (answer: VerboseTranscription, speaker: string, durationMs: number): Utterance[] => {
  const clamp = (seconds: number) => Math.min(Math.max(0, Math.round(seconds * 1000)), durationMs)
  const segments = answer.segments ?? []
  if (segments.length === 0)
    return answer.text.trim() === '' ? [] : [{ start_ms: 0, end_ms: durationMs, speaker, text: answer.text.trim() }]
  return segments
    .map((s) => ({ start_ms: clamp(s.start), end_ms: clamp(Math.max(s.start, s.end)), speaker, text: s.text.trim() }))
    .filter((u) => u.text !== '')
    .sort((a, b) => a.start_ms - b.start_ms)
}
