/**
 * Topic labels and shares. A label is the two or three key phrases of a
 * segment: runs of content words ("remote control") said at least twice,
 * scored by frequency in the segment times (the square root of) how rare
 * their words are in the rest of the meeting, so a label is both frequent
 * and particular to its stretch.
 */
import type { Topic } from '../../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { Span } from './segment.js'
import type { Sentence } from '../text/sentences.js'
import { sharesOf } from './shares.js'
import { phraseRuns } from '../text/terms.js'
import { topicLabels } from './topic-labels.js'
import { META_WORDS } from '../text/words.js'
import type { TermWeights } from '../text/weights.js'

interface Phrase {
  stems: string[]
  count: number
  surfaces: Map<string, number>
}

const mostFrequent = (m: Map<string, number>): string =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? ''

/** The top key phrases of some utterances, most characteristic first. */
export const keyPhrases = (texts: ReadonlyArray<string>, weights: TermWeights, max = 3, idfPower = 0.5): string[] => {
  const phrases = new Map<string, Phrase>()
  for (const text of texts) {
    for (const run of phraseRuns(text)) {
      for (let n = 1; n <= 3; n++) {
        for (let i = 0; i + n <= run.words.length; i++) {
          if (run.words.slice(i, i + n).some((w) => META_WORDS.has(w))) continue
          const stems = run.stems.slice(i, i + n)
          const key = stems.join(' ')
          const p = phrases.get(key) ?? { stems, count: 0, surfaces: new Map<string, number>() }
          const surface = run.words.slice(i, i + n).join(' ')
          p.count++
          p.surfaces.set(surface, (p.surfaces.get(surface) ?? 0) + 1)
          phrases.set(key, p)
        }
      }
    }
  }
  const scored = [...phrases.values()]
    .filter((p) => p.count >= 2)
    .map((p) => {
      const idf = p.stems.reduce((a, s) => a + weights.idf(s), 0) / p.stems.length
      return { p, score: p.count * Math.pow(Math.max(0, idf), idfPower) * (1 + 0.5 * (p.stems.length - 1)) }
    })
    .sort((a, b) => b.score - a.score || (a.p.stems.join(' ') < b.p.stems.join(' ') ? -1 : 1))
  const chosen: Phrase[] = []
  const contains = (long: Phrase, short: Phrase): boolean => ` ${long.stems.join(' ')} `.includes(` ${short.stems.join(' ')} `)
  for (const { p } of scored.slice(0, 50)) {
    const clash = chosen.findIndex((c) => c.stems.some((s) => p.stems.includes(s)))
    if (clash < 0) {
      if (chosen.length < max) chosen.push(p)
      continue
    }
    // "remote control" said about as often as "remote" alone names the subject better
    const c = chosen[clash]!
    if (contains(p, c) && p.count * 2 >= c.count && chosen.every((o, i) => i === clash || !o.stems.some((s) => p.stems.includes(s))))
      chosen[clash] = p
  }
  return chosen.map((p) => mostFrequent(p.surfaces))
}

const talkTime = (u: Utterance): number => Math.max(0, u.end_ms - u.start_ms)
const wordCount = (u: Utterance): number => u.text.split(/\s+/).filter((w) => w !== '').length

/** One topic per span, labelled by a noun phrase of its own (topic-labels.ts), with its share of talk time (of words when no timings). */
export const topicsOf = (
  utterances: ReadonlyArray<Utterance>,
  sentences: ReadonlyArray<Sentence>,
  spans: ReadonlyArray<Span>,
  weights: TermWeights,
): Topic[] => {
  const parts = spans.map((s) => utterances.slice(s.first, s.last + 1))
  const timed = utterances.some((u) => talkTime(u) > 0)
  const shares = sharesOf(parts.map((p) => p.reduce((a, u) => a + (timed ? talkTime(u) : wordCount(u)), 0)))
  const labels = topicLabels(
    spans.map((s) => sentences.filter((x) => x.utterance >= s.first && x.utterance <= s.last)),
    weights,
    [...new Set(utterances.map((u) => u.speaker))],
  )
  return parts.map((_, i) => ({ label: labels[i]!, share: shares[i]! }))
}
