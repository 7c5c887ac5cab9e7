import * as t from 'io-ts'

/** One stretch of speech; offsets are milliseconds from the start of the recording. */
export const Utterance = t.exact(
  t.type({
    start_ms: t.number,
    end_ms: t.number,
    speaker: t.string,
    text: t.string,
  }),
  'Utterance',
)
export type Utterance = t.TypeOf<typeof Utterance>

export const isUtterance = (u: unknown): u is Utterance => Utterance.is(u)
