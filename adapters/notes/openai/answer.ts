/**
 * What the language model is asked to return. Two shapes: the notes of a
 * part of the meeting (map, and the intermediate merges of a very long one)
 * and the notes of the whole meeting. Both cite the [time] of the utterance
 * each item comes from; speakers, attendees and talk-time shares are computed
 * locally. The io-ts codecs check the answers; the JSON Schemas say the same to
 * the model, in the strict subset OpenAI's structured outputs accept.
 */
import * as t from 'io-ts'

const StrOrNull = t.union([t.string, t.null])

const Item = t.type({ title: t.string, owner: StrOrNull, due: StrOrNull, time: t.string, quote: t.string })
const DecisionAnswer = t.type({ text: t.string, by: StrOrNull, time: t.string })

export const PartAnswer = t.type({
  topics: t.array(t.type({ label: t.string, start: t.string, keyPoints: t.array(t.string) })),
  actionItems: t.array(Item),
  decisions: t.array(DecisionAnswer),
})
export type PartAnswer = t.TypeOf<typeof PartAnswer>

export const FinalAnswer = t.type({
  shortSummary: t.string,
  detailedSummary: t.string,
  topics: t.array(t.type({ label: t.string, start: t.string })),
  actionItems: t.array(Item),
  decisions: t.array(DecisionAnswer),
})
export type FinalAnswer = t.TypeOf<typeof FinalAnswer>
export type ItemAnswer = t.TypeOf<typeof Item>
export type DecisionItemAnswer = t.TypeOf<typeof DecisionAnswer>

const str = (description?: string) => ({ type: 'string', ...(description === undefined ? {} : { description }) }) as const
const strOrNull = (description: string) => ({ type: ['string', 'null'], description }) as const
const object = (properties: Record<string, unknown>) =>
  ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties }) as const
const array = (items: unknown, description?: string) => ({ type: 'array', items, ...(description === undefined ? {} : { description }) }) as const

const TIME = 'The [time] of the transcript line it comes from, exactly as written there (mm:ss or h:mm:ss, no brackets).'

const itemSchema = object({
  title: str('Short task in the imperative, e.g. "Send the budget to finance".'),
  owner: strOrNull('Who owes it (a speaker or a named person), or null.'),
  due: strOrNull('YYYY-MM-DD resolved against the meeting start, or null when no date was said.'),
  time: str(TIME),
  quote: str('The words of that line it comes from, copied.'),
})
const decisionSchema = object({
  text: str('What was agreed, in one sentence.'),
  by: strOrNull('Who proposed or agreed it, or null.'),
  time: str(TIME),
})

export const partAnswerSchema = object({
  topics: array(
    object({ label: str('A noun phrase a person would write.'), start: str(TIME), keyPoints: array(str(), 'Third person, names resolved.') }),
  ),
  actionItems: array(itemSchema),
  decisions: array(decisionSchema),
})

export const finalAnswerSchema = object({
  shortSummary: str("One or two sentences: the meeting's purpose and outcome."),
  detailedSummary: str('Organised by topic, third person, as the template asks.'),
  topics: array(object({ label: str('A noun phrase a person would write.'), start: str(TIME) })),
  actionItems: array(itemSchema, 'One item per task.'),
  decisions: array(decisionSchema),
})
