/**
 * Extractive summary. Each topic segment gets a centroid of its most frequent
 * content terms (optionally weighted by idf; frequency alone ranked best in
 * the evaluation), the meeting one of its own and one of frequent word pairs
 * ("remote control"). Whole statements are scored by how much of these they
 * cover, mildly normalised by length, and picked by maximal marginal
 * relevance with a bonus for topics not yet covered, so the summary spreads
 * over the meeting instead of repeating its main point. Scoring reads each
 * sentence against bounded centroids and MMR runs over a bounded pool, so the
 * cost stays near linear in meeting length.
 */
import { isCompleteStatement } from '../text/clean.js'
import { bigramCentroid, bigramCoverage, centroidOf, coverage, overlap } from './summary-scoring.js'
import type { Span } from '../topics/segment.js'
import type { Sentence } from '../text/sentences.js'
import type { TermWeights } from '../text/weights.js'

export interface SummaryOptions {
  readonly targetWords: number
  readonly maxWords: number
  readonly minSentenceWords: number
  readonly maxSentenceWords: number
  readonly centroidSize: number
  /** Score is divided by words^lengthExponent: 0 favours long sentences, 1 dense ones. */
  readonly lengthExponent: number
  /** Weight of relevance against redundancy in MMR. */
  readonly lambda: number
  /** Candidates kept per segment before MMR. */
  readonly poolPerSegment: number
  /** Bonus (in normalised score) for a sentence from a topic not yet covered. */
  readonly coverageBonus: number
  /** Weight of the whole-meeting centroid beside the segment's own. */
  readonly globalWeight: number
  /** Exponent of idf in term weights: 0 ranks by frequency alone. */
  readonly idfPower: number
  /** Weight of frequent content-word pairs ("remote control") beside single terms. */
  readonly bigramWeight: number
}

export const defaultSummaryOptions: SummaryOptions = {
  targetWords: 100,
  maxWords: 150,
  minSentenceWords: 8,
  maxSentenceWords: 40,
  centroidSize: 40,
  lengthExponent: 0.3,
  lambda: 0.7,
  poolPerSegment: 12,
  coverageBonus: 0.3,
  globalWeight: 0.5,
  idfPower: 0,
  bigramWeight: 2,
}

interface Candidate {
  readonly sentence: Sentence
  readonly segment: number
  readonly score: number
}

const poolOf = (
  sentences: ReadonlyArray<Sentence>,
  spans: ReadonlyArray<Span>,
  weights: TermWeights,
  options: SummaryOptions,
  /** Whole statements only; otherwise any sentence of at least `minWords`. */
  strict: boolean,
  minWords = 3,
  eligible: (s: Sentence) => boolean = () => true,
): Candidate[] => {
  const global = centroidOf(sentences, weights, options.centroidSize, options.idfPower)
  const pairs = bigramCentroid(sentences, options.centroidSize)
  const pool: Candidate[] = []
  spans.forEach((span, seg) => {
    const inSeg = sentences.filter((s) => s.utterance >= span.first && s.utterance <= span.last)
    const local = centroidOf(inSeg, weights, options.centroidSize, options.idfPower)
    const scored = inSeg
      .filter((s) =>
        strict
          ? s.words >= options.minSentenceWords &&
            s.words <= options.maxSentenceWords &&
            isCompleteStatement(s.text, options.minSentenceWords) &&
            eligible(s)
          : s.words >= minWords && s.words <= options.maxSentenceWords,
      )
      .map((s) => ({
        sentence: s,
        segment: seg,
        score:
          (coverage(s, local) + options.globalWeight * coverage(s, global) + options.bigramWeight * bigramCoverage(s, pairs)) /
          Math.pow(s.words, options.lengthExponent),
      }))
      .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index)
      .slice(0, options.poolPerSegment)
    const top = scored[0]?.score ?? 1
    for (const c of scored) pool.push({ ...c, score: top > 0 ? c.score / top : 0 })
  })
  return pool
}

/**
 * Picks summary sentences in order of choice (most central first) until the
 * word budget is spent; `cost` is what a sentence takes in the summary. Short
 * meetings without a whole statement fall back to shorter sentences, down to
 * single words, so there is always something to show. `eligible` narrows the
 * whole statements (the summary leaves out those it cannot write as notes).
 */
export const selectSummarySentences = (
  sentences: ReadonlyArray<Sentence>,
  spans: ReadonlyArray<Span>,
  weights: TermWeights,
  options: SummaryOptions = defaultSummaryOptions,
  cost: (s: Sentence) => number = (s) => s.words,
  eligible?: (s: Sentence) => boolean,
): Sentence[] => {
  let pool = poolOf(sentences, spans, weights, options, true, 3, eligible)
  if (pool.length === 0) pool = poolOf(sentences, spans, weights, options, true)
  if (pool.length === 0) pool = poolOf(sentences, spans, weights, options, false)
  if (pool.length === 0) pool = poolOf(sentences, spans, weights, options, false, 1)

  const chosen: Candidate[] = []
  const covered = new Set<number>()
  let words = 0
  while (words < options.targetWords) {
    let best: Candidate | undefined
    let bestValue = -Infinity
    for (const c of pool) {
      if (chosen.includes(c) || words + cost(c.sentence) > options.maxWords) continue
      const redundancy = Math.max(0, ...chosen.map((x) => overlap(x.sentence, c.sentence)))
      const value =
        options.lambda * c.score - (1 - options.lambda) * redundancy + (covered.has(c.segment) ? 0 : options.coverageBonus)
      if (value > bestValue) {
        bestValue = value
        best = c
      }
    }
    if (best === undefined) break
    chosen.push(best)
    covered.add(best.segment)
    words += cost(best.sentence)
  }
  return chosen.map((c) => c.sentence)
}
