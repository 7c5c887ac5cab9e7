/**
 * What the language model is asked to return: the notes minus what the
 * transcript already gives exactly (speakers, attendees) and minus fixed
 * fields (status). One io-ts codec checks the answer; the JSON Schema sent
 * with the request says the same thing to the model.
 */
import * as t from 'io-ts'

const DateOrNull = t.union([t.string, t.null])

export const ModelAnswer = t.type({
  shortSummary: t.string,
  detailedSummary: t.string,
  topics: t.array(t.type({ label: t.string, share: t.number })),
  actionItems: t.array(
    t.type({
      title: t.string,
      owner: t.union([t.string, t.null]),
      due: DateOrNull,
      context: t.string,
      tags: t.array(t.string),
    }),
  ),
  decisions: t.array(
    t.type({
      text: t.string,
      by: t.union([t.string, t.null]),
      speaker: t.union([t.string, t.null]),
      /** As the transcript writes it: [mm:ss] or [h:mm:ss]. */
      time: t.union([t.string, t.null]),
    }),
  ),
})
export type ModelAnswer = t.TypeOf<typeof ModelAnswer>

const str = { type: 'string' } as const
const strOrNull = { type: ['string', 'null'] } as const

/** JSON Schema of ModelAnswer, in the strict subset OpenAI's structured outputs accept. */
export const modelAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['shortSummary', 'detailedSummary', 'topics', 'actionItems', 'decisions'],
  properties: {
    shortSummary: { ...str, description: 'One or two sentences.' },
    detailedSummary: { ...str, description: 'A paragraph of 80 to 160 words covering each topic.' },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'share'],
        properties: { label: str, share: { type: 'number', description: 'Fraction of the meeting, 0 to 1.' } },
      },
    },
    actionItems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'owner', 'due', 'context', 'tags'],
        properties: {
          title: { ...str, description: 'Short imperative, e.g. "Send the deck".' },
          owner: { ...strOrNull, description: 'Speaker or named person who owes it, or null.' },
          due: { ...strOrNull, description: 'YYYY-MM-DD, or null when no date was said.' },
          context: { ...str, description: 'The sentence it came from.' },
          tags: { type: 'array', items: str },
        },
      },
    },
    decisions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'by', 'speaker', 'time'],
        properties: {
          text: { ...str, description: 'What was agreed, in one sentence.' },
          by: { ...strOrNull, description: 'Who proposed or agreed it, or null.' },
          speaker: { ...strOrNull, description: 'The speaker of the utterance where it was agreed, as the transcript names them.' },
          time: { ...strOrNull, description: 'The time of that utterance exactly as the transcript writes it (mm:ss or h:mm:ss), or null.' },
        },
      },
    },
  },
} as const
