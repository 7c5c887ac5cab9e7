import * as t from 'io-ts'

export const Attendee = t.exact(t.type({ name: t.string, email: t.string }), 'Attendee')
export type Attendee = t.TypeOf<typeof Attendee>

export const Topic = t.exact(t.type({ label: t.string, share: t.number }), 'Topic')
export type Topic = t.TypeOf<typeof Topic>

export const SpeakerStats = t.exact(
  t.type({ name: t.string, talkMs: t.number, words: t.number, share: t.number }),
  'SpeakerStats',
)
export type SpeakerStats = t.TypeOf<typeof SpeakerStats>

/** An action item as the analyzer finds it; the store gives it an id. */
export const DraftActionItem = t.exact(
  t.type({
    title: t.string,
    /** Who owes it: the speaker for "I'll …", the named person for "can you, Ana, …"; null when unknown. */
    owner: t.union([t.string, t.null]),
    /** YYYY-MM-DD, resolved against the meeting start; null when no date was said. */
    due: t.union([t.string, t.null]),
    status: t.literal('active'),
    /** The sentence the item came from. */
    context: t.string,
    tags: t.array(t.string),
  }),
  'DraftActionItem',
)
export type DraftActionItem = t.TypeOf<typeof DraftActionItem>

/** Everything the analyzer derives from a transcript. */
export const Notes = t.exact(
  t.type({
    shortSummary: t.string,
    detailedSummary: t.string,
    attendees: t.array(Attendee),
    topics: t.array(Topic),
    actionItems: t.array(DraftActionItem),
    speakers: t.array(SpeakerStats),
  }),
  'Notes',
)
export type Notes = t.TypeOf<typeof Notes>
