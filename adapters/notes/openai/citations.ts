/**
 * The model's answer tied back to the transcript. Every action item and
 * decision must cite the [time] of its utterance: the citation becomes that
 * utterance's `atMs` (and, for decisions, its speaker). A time the transcript
 * does not have is matched by the quoted words instead; an item matched by
 * neither is dropped and counted, never kept with a made-up moment. Owners are
 * checked against the speakers, attendees and the words said; due dates must be
 * real YYYY-MM-DD dates.
 */
import type { Attendee, Decision, DraftActionItem, Topic } from '../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { sharesOf } from '../builtin/topics/shares.js'
import type { DecisionItemAnswer, FinalAnswer, ItemAnswer, PartAnswer } from './answer.js'
import { clock } from './chunks.js'
import { bestCovering, contentWords, coverage, similarity } from './words.js'

export interface CitationCounts {
  /** Items and decisions dropped because their citation matched no utterance. */
  droppedItems: number
  droppedDecisions: number
  /** Cited a time the transcript does not have, but matched by their words. */
  recited: number
  /** Owners named nowhere in the meeting, cleared to null. */
  ownersCleared: number
  /** Items the model listed twice, merged here. */
  merged: number
}

/** Seconds of "mm:ss", "h:mm:ss" or "[mm:ss]"; null when it is not a time. */
export const secondsOf = (time: string): number | null => {
  const m = /^\[?\s*(\d{1,3}):(\d{1,2})(?::(\d{1,2}))?\s*\]?$/.exec(time.trim())
  if (m === null) return null
  const [a, b, c] = [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3])]
  return c === null ? a * 60 + b : a * 3600 + b * 60 + c
}

export interface Transcript {
  readonly utterances: ReadonlyArray<Utterance>
  readonly attendees: ReadonlyArray<Attendee>
  readonly startsAt: string
}

const bySecond = (utterances: ReadonlyArray<Utterance>): Map<number, number[]> => {
  const out = new Map<number, number[]>()
  utterances.forEach((u, i) => {
    const s = Math.floor(u.start_ms / 1000)
    out.set(s, [...(out.get(s) ?? []), i])
  })
  return out
}

/** The sentence of `text` that best matches `quote`, to show as an item's context. */
const sentenceFor = (text: string, quote: string): string => {
  const sentences = text.match(/[^.!?]+(?:[.!?]+|$)/g)?.map((s) => s.trim()).filter((s) => s !== '') ?? [text.trim()]
  let best = sentences[0] ?? text.trim()
  let score = -1
  for (const s of sentences) {
    const c = coverage(quote, s)
    if (c > score) {
      best = s
      score = c
    }
  }
  return best.slice(0, 400)
}

const isDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s

export const citer = (t: Transcript, counts: CitationCounts) => {
  const seconds = bySecond(t.utterances)
  const people = [...new Set([...t.utterances.map((u) => u.speaker), ...t.attendees.map((a) => a.name)])].filter((p) => p.trim() !== '')
  const said = t.utterances.map((u) => u.text).join('\n').toLowerCase()
  const meetingDay = t.startsAt.slice(0, 10)
  let sets: Array<Set<string>> | undefined

  /** The utterance a citation points at, or null. */
  const cite = (time: string, words: string): Utterance | null => {
    const s = secondsOf(time)
    const at = s === null ? undefined : seconds.get(s)
    if (at !== undefined) {
      if (at.length === 1) return t.utterances[at[0]!]!
      return t.utterances[at.reduce((best, i) => (coverage(words, t.utterances[i]!.text) > coverage(words, t.utterances[best]!.text) ? i : best), at[0]!)]!
    }
    // a time not in the transcript: the quoted words may still say where
    sets ??= t.utterances.map((u) => contentWords(u.text))
    const best = bestCovering(sets, words, 0.8)
    if (best < 0) return null
    counts.recited++
    return t.utterances[best]!
  }

  const owner = (name: string | null): string | null => {
    const n = name?.trim() ?? ''
    if (n === '' || /^(?:null|none|unknown|n\/a|tbd)$/i.test(n)) return null
    const lower = n.toLowerCase()
    const exact = people.find((p) => p.toLowerCase() === lower)
    if (exact !== undefined) return exact
    // "Bob" for the speaker "Bob Chen", or "Bob Chen" for the speaker "Bob"
    const first = people.filter((p) => p.toLowerCase().split(/\s+/)[0] === lower.split(/\s+/)[0])
    if (first.length === 1) return first[0]!
    if (new RegExp(`\\b${lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(said)) return n
    counts.ownersCleared++
    return null
  }

  const due = (d: string | null): string | null => (d !== null && isDate(d.trim()) && d.trim() >= meetingDay ? d.trim() : null)

  const item = (x: ItemAnswer): DraftActionItem | null => {
    const title = x.title.replace(/\s+/g, ' ').trim()
    if (title === '') return null
    const u = cite(x.time, `${x.quote} ${title}`)
    if (u === null) {
      counts.droppedItems++
      return null
    }
    const who = owner(x.owner)
    const when = due(x.due)
    const tags = [
      who !== null && who === u.speaker ? 'commitment' : 'request',
      ...(when !== null ? ['deadline'] : []),
      ...(/\b(?:follow(?:ing)?[- ]up|get back|circle back|check (?:in|back))\b/i.test(`${title} ${x.quote}`) ? ['follow-up'] : []),
    ]
    return { title, owner: who, due: when, status: 'active', context: sentenceFor(u.text, `${x.quote} ${title}`), tags, atMs: u.start_ms }
  }

  const decision = (d: DecisionItemAnswer): Decision | null => {
    const text = d.text.replace(/\s+/g, ' ').trim()
    if (text === '') return null
    const u = cite(d.time, text)
    if (u === null) {
      counts.droppedDecisions++
      return null
    }
    return { text, by: owner(d.by), atMs: u.start_ms, speaker: u.speaker }
  }

  /**
   * A part's notes with every citation checked before they are merged: times
   * rewritten as the transcript writes them, items and decisions that cite no
   * utterance dropped (and counted), so a merge never sees a made-up moment.
   */
  const part = (a: PartAnswer): PartAnswer => ({
    topics: a.topics,
    actionItems: a.actionItems.flatMap((x) => {
      const u = x.title.trim() === '' ? null : cite(x.time, `${x.quote} ${x.title}`)
      if (u === null && x.title.trim() !== '') counts.droppedItems++
      return u === null ? [] : [{ ...x, time: clock(u.start_ms) }]
    }),
    decisions: a.decisions.flatMap((d) => {
      const u = d.text.trim() === '' ? null : cite(d.time, d.text)
      if (u === null && d.text.trim() !== '') counts.droppedDecisions++
      return u === null ? [] : [{ ...d, time: clock(u.start_ms) }]
    }),
  })

  return { cite, item, decision, part }
}

const moreSpecific = (a: string, b: string): string => (b.split(/\s+/).length > a.split(/\s+/).length ? b : a)

/** One item per task: same owner (or one unknown) and mostly the same words, kept once at its earliest moment. */
export const mergeItems = (items: ReadonlyArray<DraftActionItem>, counts: CitationCounts): DraftActionItem[] => {
  const out: DraftActionItem[] = []
  for (const x of [...items].sort((a, b) => (a.atMs ?? 0) - (b.atMs ?? 0))) {
    const i = out.findIndex(
      (y) =>
        (x.owner === null || y.owner === null || x.owner === y.owner) &&
        (similarity(x.title, y.title) >= 0.5 || (x.atMs === y.atMs && similarity(x.title, y.title) >= 0.3)),
    )
    if (i < 0) {
      out.push(x)
      continue
    }
    counts.merged++
    const y = out[i]!
    out[i] = {
      ...y,
      title: moreSpecific(y.title, x.title),
      owner: y.owner ?? x.owner,
      due: y.due ?? x.due,
      tags: [...new Set([...y.tags, ...x.tags])],
    }
  }
  return out
}

export const mergeDecisions = (decisions: ReadonlyArray<Decision>): Decision[] => {
  const out: Decision[] = []
  for (const d of [...decisions].sort((a, b) => (a.atMs ?? 0) - (b.atMs ?? 0)))
    if (!out.some((e) => similarity(e.text, d.text) >= 0.6)) out.push(d)
  return out
}

/**
 * Topics in the order they start, each with its share of the talk time up to
 * the next one; a topic whose start is not a time is placed nowhere and left out.
 */
export const topicsWithShares = (topics: FinalAnswer['topics'], utterances: ReadonlyArray<Utterance>): Topic[] => {
  if (utterances.length === 0) return []
  const starts = topics
    .map((t) => ({ label: t.label.replace(/\s+/g, ' ').trim(), s: secondsOf(t.start) }))
    .filter((t): t is { label: string; s: number } => t.label !== '' && t.s !== null)
    .map((t) => {
      // the last utterance starting at or before the cited second (the first one if none)
      let at = 0
      utterances.forEach((u, i) => {
        if (Math.floor(u.start_ms / 1000) <= t.s) at = i
      })
      return { label: t.label, at }
    })
    .sort((a, b) => a.at - b.at)
    .filter((t, i, all) => i === 0 || all[i - 1]!.at !== t.at)
  if (starts.length === 0) return []
  starts[0] = { ...starts[0]!, at: 0 }
  const timed = utterances.some((u) => u.end_ms > u.start_ms)
  const weight = (u: Utterance): number => (timed ? Math.max(0, u.end_ms - u.start_ms) : u.text.split(/\s+/).length)
  const amounts = starts.map((t, k) => utterances.slice(t.at, starts[k + 1]?.at ?? utterances.length).reduce((a, u) => a + weight(u), 0))
  const shares = sharesOf(amounts)
  return starts.map((t, k) => ({ label: t.label, share: shares[k]! }))
}
