import * as t from 'io-ts'

/** `email` is null when unknown (notes stored before this rule said '': their readers turn it into null). */
export const Attendee = t.exact(t.type({ name: t.string, email: t.union([t.string, t.null]) }), 'Attendee')
export type Attendee = t.TypeOf<typeof Attendee>

export const Topic = t.exact(t.type({ label: t.string, share: t.number }), 'Topic')
export type Topic = t.TypeOf<typeof Topic>

export const SpeakerStats = t.exact(
  t.type({ name: t.string, talkMs: t.number, words: t.number, share: t.number }),
  'SpeakerStats',
)
export type SpeakerStats = t.TypeOf<typeof SpeakerStats>

/** `active` until someone marks it `done` (PATCH .../action-items/{itemId}); analyzers always say `active`. */
export const ActionItemStatus = t.keyof({ active: null, done: null }, 'ActionItemStatus')
export type ActionItemStatus = t.TypeOf<typeof ActionItemStatus>

/** An action item as the analyzer finds it; processing gives it an id (stableItemIds). */
export const DraftActionItem = t.exact(
  t.intersection([
    t.type({
      title: t.string,
      /** Who owes it: the speaker for "I'll …", the named person for "can you, Ana, …"; null when unknown. */
      owner: t.union([t.string, t.null]),
      /** YYYY-MM-DD, resolved against the meeting start; null when no date was said. */
      due: t.union([t.string, t.null]),
      status: ActionItemStatus,
      /** The sentence the item came from. */
      context: t.string,
      tags: t.array(t.string),
    }),
    /**
     * Start (ms from the start of the recording) of the utterance where the task was first said, the
     * item's citation; null when unknown, absent on items stored before it existed.
     */
    t.partial({ atMs: t.union([t.number, t.null]) }),
  ]),
  'DraftActionItem',
)
export type DraftActionItem = t.TypeOf<typeof DraftActionItem>

/** An action item a person added (POST .../action-items): what they said, and nothing an analyzer would have found. */
export const addedActionItem = (said: Pick<DraftActionItem, 'title' | 'owner' | 'due' | 'status'>): DraftActionItem => ({
  title: said.title,
  owner: said.owner,
  due: said.due,
  status: said.status,
  context: '',
  tags: [],
  atMs: null,
})

/** What was agreed in the meeting, by whom, and the utterance it was said in. */
export const Decision = t.exact(
  t.type({
    /** What was agreed, as said. */
    text: t.string,
    /** Who proposed or agreed it, when the sentence names them (or the speaker, for "I decided"); else null. */
    by: t.union([t.string, t.null]),
    /** Start of the utterance it was said in, in ms from the start of the recording; null when unknown. */
    atMs: t.union([t.number, t.null]),
    /** The speaker of that utterance; null when unknown. */
    speaker: t.union([t.string, t.null]),
  }),
  'Decision',
)
export type Decision = t.TypeOf<typeof Decision>

/** Which analyzer wrote the notes, with which model and template, and why it fell back to the built-in one. */
export const NotesMadeBy = t.exact(
  t.type({
    /** `builtin` or `openai`. */
    analyzer: t.string,
    /** The language model asked, for `openai`; null for the built-in analyzer. */
    model: t.union([t.string, t.null]),
    /** The summary template's id; null when none was chosen. */
    template: t.union([t.string, t.null]),
    /** Set when the chosen analyzer failed and the built-in one wrote the notes instead: why, in words. */
    fallbackReason: t.union([t.string, t.null]),
  }),
  'NotesMadeBy',
)
export type NotesMadeBy = t.TypeOf<typeof NotesMadeBy>

/** Everything the analyzer derives from a transcript. `madeBy` is absent on notes stored before it existed. */
export const Notes = t.exact(
  t.intersection([
    t.type({
      shortSummary: t.string,
      detailedSummary: t.string,
      attendees: t.array(Attendee),
      topics: t.array(Topic),
      actionItems: t.array(DraftActionItem),
      decisions: t.array(Decision),
      speakers: t.array(SpeakerStats),
    }),
    t.partial({ madeBy: NotesMadeBy }),
  ]),
  'Notes',
)
export type Notes = t.TypeOf<typeof Notes>
