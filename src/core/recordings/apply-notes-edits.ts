/**
 * Generated notes and transcript as people edited them: speaker names replace
 * the labels the transcript gave ("Speaker 1") wherever a label shows (the
 * transcript, speaker statistics, attendees, action item owners, decisions,
 * "Speaker 1:" in summaries),
 * then each action item takes the fields set on it. Pure: applied on every read.
 */
import type { SpeakerStats } from '../domain/notes.js'
import { type NotesEdits, type SpeakerName, speakerIdOf } from '../domain/notes-edits.js'
import type { Utterance } from '../domain/utterance.js'
import type { ActionItem, StoredNotes } from '../ports/recording-stores.js'

/** A speaker as callers see it: its stable id, the label the transcript gave, and the name people gave it (the label until then). */
export interface Speaker extends SpeakerStats {
  readonly id: string
  readonly label: string
  /** The attendee's email it is mapped to; null when unknown. */
  readonly email: string | null
}

/** Notes as callers read them: with the edits applied and each speaker's id. */
export interface ReadNotes extends Omit<StoredNotes, 'speakers'> {
  readonly speakers: ReadonlyArray<Speaker>
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

export const applyNotesEdits = (runId: string, notes: StoredNotes, edits: NotesEdits): ReadNotes => {
  const named = speakerNames(runId, edits)
  const renames = notes.speakers.flatMap((st) => {
    const s = named(st.name)
    return s === undefined || s.name === st.name ? [] : [[st.name, s.name] as const]
  })
  const rename = (label: string | null): string | null => (label === null ? null : (named(label)?.name ?? label))
  const itemEdits = new Map(edits.actionItems.map((e) => [e.itemId, e.changes]))
  const attendees = notes.attendees.map((a) => {
    const s = named(a.name)
    return s === undefined ? a : { name: s.name, email: s.email ?? a.email }
  })
  return {
    ...notes,
    shortSummary: renameInSummary(notes.shortSummary, renames),
    detailedSummary: renameInSummary(notes.detailedSummary, renames),
    // two labels named as one person (and mapped to one email) make one attendee
    attendees: attendees.filter((a, i) => attendees.findIndex((b) => b.name === a.name && b.email === a.email) === i),
    speakers: notes.speakers.map((st) => {
      const s = named(st.name)
      return { ...st, id: speakerIdOf(runId, st.name), label: st.name, name: s?.name ?? st.name, email: s?.email ?? null }
    }),
    actionItems: notes.actionItems.map((item): ActionItem => ({ ...item, owner: rename(item.owner), ...itemEdits.get(item.id) })),
    decisions: notes.decisions.map((d) => ({ ...d, by: rename(d.by), speaker: rename(d.speaker) })),
  }
}
