/**
 * Who spoke and how much, and the attendee list. Both analyzers use these:
 * the numbers come from the transcript, so nothing is left to guesswork.
 */
import type { Attendee, SpeakerStats } from '../../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { sharesOf } from '../topics/shares.js'

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length

/**
 * Talk time and words per speaker, in order of first appearance. Shares are of
 * talk time; when no utterance has a duration they are of words instead.
 */
export const speakerStats = (utterances: ReadonlyArray<Utterance>): SpeakerStats[] => {
  const by = new Map<string, { talkMs: number; words: number }>()
  for (const u of utterances) {
    const s = by.get(u.speaker) ?? { talkMs: 0, words: 0 }
    s.talkMs += Math.max(0, u.end_ms - u.start_ms)
    s.words += wordCount(u.text)
    by.set(u.speaker, s)
  }
  const rows = [...by]
  const timed = rows.some(([, s]) => s.talkMs > 0)
  const shares = sharesOf(rows.map(([, s]) => (timed ? s.talkMs : s.words)))
  return rows.map(([name, s], i) => ({ name, talkMs: Math.round(s.talkMs), words: s.words, share: shares[i]! }))
}

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * The invitees, then every speaker not already among them (email null when
 * unknown). An entry is a duplicate when its name or email matches one kept
 * earlier; a speaker label that is an invitee's email counts as that invitee.
 */
export const attendeesOf = (invited: ReadonlyArray<Attendee>, speakers: ReadonlyArray<string>): Attendee[] => {
  const out: Attendee[] = []
  const names = new Set<string>()
  const emails = new Set<string>()
  const add = (a: Attendee): void => {
    const n = norm(a.name)
    const e = norm(a.email ?? '')
    if ((n !== '' && (names.has(n) || emails.has(n))) || (e !== '' && emails.has(e))) return
    out.push({ name: a.name.trim(), email: e === '' ? null : a.email!.trim() })
    if (n !== '') names.add(n)
    if (e !== '') emails.add(e)
  }
  for (const a of invited) add(a)
  for (const s of speakers) if (s.trim() !== '') add({ name: s, email: null })
  return out
}
