/**
 * Generated notes and transcript as people edited them: speaker names replace
 * the labels the transcript gave ("Speaker 1") wherever a label shows (the
 * transcript, speaker statistics, attendees, action item owners, decisions,
 * "Speaker 1:" in summaries), then each action item takes the fields set on
 * it (deleted ones drop out, added ones follow the generated ones), and the
 * rewritten parts (summaries, decisions, topic labels) replace the generated
 * text, which stays available in `edited`. Pure: applied on every read.
 */
import { addedActionItem, type Decision, type SpeakerStats, type Topic } from '../../domain/notes/notes.js'
import { type ActionItemChanges, type NotesEdits, type PartEdit, type SpeakerName, speakerIdOf, withTopicIds } from '../../domain/notes/notes-edits.js'
import type { Utterance } from '../../domain/recordings/utterance.js'
import type { ActionItem, StoredNotes } from '../../ports/recording-stores.js'

/** A speaker as callers see it: its stable id, the label the transcript gave, and the name people gave it (the label until then). */
export interface Speaker extends SpeakerStats {
  readonly id: string
  readonly label: string
  /** The attendee's email it is mapped to; null when unknown. */
  readonly email: string | null
}

/** A part a person rewrote: when, and what the analyzer had written (speaker names applied), which sending null brings back. */
export interface Edited<A> {
  readonly editedAt: string
  readonly generated: A
}

/** A topic with its stable id (withTopicIds) and, once relabelled, its generated label. */
export interface ReadTopic extends Topic {
  readonly id: string
  readonly edited: Edited<string> | null
}

/** Which parts of the notes people rewrote; null for a part as generated. */
export interface EditedParts {
  readonly shortSummary: Edited<string> | null
  readonly detailedSummary: Edited<string> | null
  readonly decisions: Edited<ReadonlyArray<Decision>> | null
}

export const NOT_EDITED: EditedParts = { shortSummary: null, detailedSummary: null, decisions: null }

/** Notes as callers read them: with the edits applied, each speaker's and topic's id, and which parts were rewritten. */
export interface ReadNotes extends Omit<StoredNotes, 'speakers' | 'topics'> {
  readonly speakers: ReadonlyArray<Speaker>
  readonly topics: ReadonlyArray<ReadTopic>
  readonly edited: EditedParts
}

/** Looks up the name given to a transcript label of the run (each label hashed once). */
export const speakerNames = (runId: string, edits: NotesEdits): ((label: string) => SpeakerName | undefined) => {
  const byId = new Map(edits.speakers.map((s) => [s.speakerId, s]))
  const byLabel = new Map<string, SpeakerName | undefined>()
  return (label) => {
    if (byId.size === 0) return undefined
    if (!byLabel.has(label)) byLabel.set(label, byId.get(speakerIdOf(runId, label)))
    return byLabel.get(label)
  }
}

/** Utterances with their speakers' names. */
export const renameUtterances = (runId: string, edits: NotesEdits, rows: ReadonlyArray<Utterance>): Utterance[] => {
  const named = speakerNames(runId, edits)
  return rows.map((u) => {
    const s = named(u.speaker)
    return s === undefined ? u : { ...u, speaker: s.name }
  })
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Summaries name speakers by their labels: "Speaker 2 will send the build"
 * (the built-in analyzer writes notes in the third person) or "Speaker 2: ..."
 * (summaries kept from before). A label followed by a colon takes the name; a
 * label with a number ("Speaker 2", "SPEAKER_01") takes it wherever it stands
 * as whole words ("Speaker 1" never inside "Speaker 10"). Other mentions of a
 * label in free text are left alone, since a short label could be an ordinary word.
 */
const renameInSummary = (text: string, renames: ReadonlyArray<readonly [string, string]>): string =>
  renames.reduce((t, [label, name]) => {
    const after = /\d$/.test(label) ? '(?![\\p{L}\\p{N}_])' : '(?=:)'
    return t.replace(new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(label)}${after}`, 'gu'), (_, lead: string) => `${lead}${name}`)
  }, text)

/** An item a person added, from its edit (which carries every field). */
const addedItem = (itemId: string, c: ActionItemChanges): ActionItem => ({
  id: itemId,
  ...addedActionItem({ title: c.title ?? '', owner: c.owner ?? null, due: c.due ?? null, status: c.status ?? 'active' }),
})

/** The fields an edit sets on an item (not its bookkeeping). */
const fieldsOf = ({ addedAt: _a, deleted: _d, ...fields }: ActionItemChanges) => fields

/** Generated items as edited, less the deleted ones, then the added ones in the order they were added. */
const editedItems = (generated: ReadonlyArray<ActionItem>, edits: NotesEdits['actionItems']): ActionItem[] => {
  const byId = new Map(edits.map((e) => [e.itemId, e.changes]))
  const kept = generated.flatMap((item) => {
    const c = byId.get(item.id)
    return c?.deleted === true ? [] : [{ ...item, ...(c === undefined ? {} : fieldsOf(c)) }]
  })
  const added = edits
    .filter((e) => e.changes.addedAt !== undefined && e.changes.deleted !== true)
    .sort((a, b) => a.changes.addedAt!.localeCompare(b.changes.addedAt!) || a.itemId.localeCompare(b.itemId))
    .map((e) => addedItem(e.itemId, e.changes))
  return [...kept, ...added]
}

/** The edited list of decisions: a text the analyzer also wrote keeps its citation (who, when); a new one has none. */
const editedDecisions = (texts: ReadonlyArray<string>, generated: ReadonlyArray<Decision>): Decision[] => {
  const unused = [...generated]
  return texts.map((text) => {
    const i = unused.findIndex((d) => d.text === text)
    return i < 0 ? { text, by: null, atMs: null, speaker: null } : unused.splice(i, 1)[0]!
  })
}

type PartOf<K extends PartEdit['part']> = Extract<PartEdit, { part: K }>

const partEdit = <K extends PartEdit['part']>(edits: NotesEdits, part: K): PartOf<K> | undefined =>
  edits.parts.find((p): p is PartOf<K> => p.part === part)

const rewritten = <E extends { readonly updatedAt: string }, A>(edit: E | undefined, generated: A, edited: (e: E) => A): { value: A; edited: Edited<A> | null } =>
  edit === undefined ? { value: generated, edited: null } : { value: edited(edit), edited: { editedAt: edit.updatedAt, generated } }

export const applyNotesEdits = (runId: string, notes: StoredNotes, edits: NotesEdits): ReadNotes => {
  const named = speakerNames(runId, edits)
  const renames = notes.speakers.flatMap((st) => {
    const s = named(st.name)
    return s === undefined || s.name === st.name ? [] : [[st.name, s.name] as const]
  })
  const rename = (label: string | null): string | null => (label === null ? null : (named(label)?.name ?? label))
  const attendees = notes.attendees.map((a) => {
    const s = named(a.name)
    return s === undefined ? a : { name: s.name, email: s.email ?? a.email }
  })
  const decisions = notes.decisions.map((d) => ({ ...d, by: rename(d.by), speaker: rename(d.speaker) }))
  const short = rewritten(partEdit(edits, 'shortSummary'), renameInSummary(notes.shortSummary, renames), (e: PartOf<'shortSummary'>) => e.text)
  const detailed = rewritten(partEdit(edits, 'detailedSummary'), renameInSummary(notes.detailedSummary, renames), (e: PartOf<'detailedSummary'>) => e.text)
  const decided = rewritten(partEdit(edits, 'decisions'), decisions, (e: PartOf<'decisions'>) => editedDecisions(e.decisions, decisions))
  const labels = new Map(edits.parts.flatMap((p) => (p.part === 'topic' ? [[p.topicId, p] as const] : [])))
  return {
    ...notes,
    shortSummary: short.value,
    detailedSummary: detailed.value,
    edited: { shortSummary: short.edited, detailedSummary: detailed.edited, decisions: decided.edited },
    topics: withTopicIds(runId, notes.topics).map((topic) => {
      const e = labels.get(topic.id)
      return e === undefined ? { ...topic, edited: null } : { ...topic, label: e.label, edited: { editedAt: e.updatedAt, generated: topic.label } }
    }),
    // two labels named as one person (and mapped to one email) make one attendee
    attendees: attendees.filter((a, i) => attendees.findIndex((b) => b.name === a.name && b.email === a.email) === i),
    speakers: notes.speakers.map((st) => {
      const s = named(st.name)
      return { ...st, id: speakerIdOf(runId, st.name), label: st.name, name: s?.name ?? st.name, email: s?.email ?? null }
    }),
    actionItems: editedItems(notes.actionItems.map((item) => ({ ...item, owner: rename(item.owner) })), edits.actionItems),
    decisions: decided.value,
  }
}
