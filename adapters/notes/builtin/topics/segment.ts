/**
 * Topic segmentation from the words together with the other evidence a
 * meeting gives at each gap between utterances:
 * - word distributions: the most probable split into stretches that each have
 *   their own (likelihood-split.ts, Utiyama & Isahara 2001);
 * - lexical cohesion: how deep the gap lies in a valley of word similarity
 *   between the talk just before and just after it (TextTiling, cohesion.ts);
 * - an explicit cue at the utterance after the gap ("moving on", "next item",
 *   "okay, budget.", an agenda item taken up; topic-cues.ts);
 * - a long pause, where the transcript has timings;
 * - a change of who carries the talk (the same depth, over speakers' shares of
 *   the words). Measured and off by default: on QMSum it moved boundaries away
 *   from the reference ones (Pk 0.333 to 0.345 at weight 0.2).
 * The evidence is a bonus for a boundary there, against a price per boundary,
 * so the number of topics is the one that explains the meeting best: one
 * subject gives one topic, five give about five. Strong evidence also opens a
 * block, so a cue places the boundary on its own utterance. Deterministic; the
 * dynamic programme's cost is bounded by `maxBlocks` whatever the length.
 */
import { depthScores, smooth, windowSimilarity } from './cohesion.js'
import { likelihoodSplit } from './likelihood-split.js'
import { cueStrengths } from './topic-cues.js'

/** Inclusive range of utterance indices that form one topic. */
export interface Span {
  readonly first: number
  readonly last: number
}

/** What segmentation may know of each utterance beside its content terms. */
export interface Turn {
  readonly speaker: string
  readonly text: string
  readonly start_ms: number
  readonly end_ms: number
}

export interface SegmentOptions {
  /** Width of the similarity windows in content terms: this share of the meeting, within [minWindow, maxWindow]. */
  readonly windowShare: number
  readonly minWindow: number
  readonly maxWindow: number
  /** Radius, in gaps, of the moving average over the similarity curves. */
  readonly smoothing: number
  readonly lexicalWeight: number
  readonly speakerWeight: number
  readonly cueWeight: number
  readonly pauseWeight: number
  /** Evidence at a gap that opens a new block there. */
  readonly threshold: number
  readonly maxBlocks: number
  readonly minBlockTerms: number
  readonly penalty: number
  readonly penaltyGrowth: number
  readonly bonusScale: number
  readonly maxTopics: number
  readonly minTopicShare: number
}

/** Tuned on the QMSum validation set and half of the written meetings (scripts/eval/meetings-segmentation.ts). */
export const defaultSegmentOptions: SegmentOptions = {
  windowShare: 0.1,
  minWindow: 20,
  maxWindow: 120,
  smoothing: 2,
  lexicalWeight: 0.3,
  speakerWeight: 0,
  cueWeight: 0.8,
  pauseWeight: 0.3,
  threshold: 0.5,
  maxBlocks: 160,
  minBlockTerms: 20,
  penalty: 15,
  penaltyGrowth: 0.2,
  bonusScale: 15,
  maxTopics: 16,
  minTopicShare: 0.03,
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))

/** Strength 0..1 of the silence before each utterance, against the meeting's usual gap. */
const pauseStrengths = (turns: ReadonlyArray<Turn>): number[] => {
  const gaps = turns.map((t, i) => (i === 0 ? 0 : t.start_ms - turns[i - 1]!.end_ms))
  const timed = turns.some((t) => t.end_ms > t.start_ms)
  if (!timed) return gaps.map(() => 0)
  const sorted = gaps.slice(1).sort((a, b) => a - b)
  const usual = sorted[Math.floor(sorted.length / 2)] ?? 0
  const floor = Math.max(2000, 3 * usual)
  return gaps.map((g, i) => (i === 0 ? 0 : clamp((g - floor) / 8000, 0, 1)))
}

/** Evidence for a boundary before each utterance (index 0 unused). */
export const boundaryEvidence = (
  terms: ReadonlyArray<ReadonlyArray<string>>,
  turns: ReadonlyArray<Turn> | undefined,
  options: SegmentOptions,
  idf?: (term: string) => number,
): Float64Array => {
  const n = terms.length
  const total = terms.reduce((a, t) => a + t.length, 0)
  const width = Math.round(clamp(total * options.windowShare, options.minWindow, options.maxWindow))
  const evidence = new Float64Array(n)
  const add = (weight: number, values: () => ArrayLike<number>): void => {
    if (weight === 0) return
    const v = values()
    for (let g = 1; g < n; g++) evidence[g] = evidence[g]! + weight * v[g]!
  }
  add(options.lexicalWeight, () => depthScores(smooth(windowSimilarity(terms, width, idf), options.smoothing)))
  if (turns === undefined) return evidence
  // a speaker's share of the window's content words: who carries the talk
  const voices = terms.map((t, u) => t.map(() => turns[u]!.speaker))
  add(options.speakerWeight, () => depthScores(smooth(windowSimilarity(voices, width), options.smoothing)))
  add(options.cueWeight, () => cueStrengths(turns.map((t) => t.text), terms))
  add(options.pauseWeight, () => pauseStrengths(turns))
  return evidence
}

/**
 * Splits utterances (given as their content terms, and where known who said
 * what when) into topic spans that cover every index once, in order.
 */
export const segmentTopics = (
  terms: ReadonlyArray<ReadonlyArray<string>>,
  options: SegmentOptions = defaultSegmentOptions,
  turns?: ReadonlyArray<Turn>,
  idf?: (term: string) => number,
): Span[] => {
  const n = terms.length
  if (n === 0) return []
  const evidence = boundaryEvidence(terms, turns, options, idf)
  return likelihoodSpans(terms, evidence, options)
}

/**
 * Blocks of whole utterances of about equal numbers of terms, plus a block
 * start wherever the evidence alone is strong (a cue), then the likelihood
 * split with the evidence as bonuses.
 */
const likelihoodSpans = (terms: ReadonlyArray<ReadonlyArray<string>>, evidence: Float64Array, options: SegmentOptions): Span[] => {
  const n = terms.length
  const total = terms.reduce((a, t) => a + t.length, 0)
  const blockTerms = Math.max(options.minBlockTerms, Math.ceil(total / options.maxBlocks))
  const firsts: number[] = []
  const ids: number[][] = []
  const vocab = new Map<string, number>()
  let cur: number[] = []
  for (let u = 0; u < n; u++) {
    const cue = u > 0 && evidence[u]! >= options.threshold
    if (cue && cur.length === 0 && u > firsts[firsts.length - 1]!) {
      // the block so far holds only empty turns ("Good."): they end the topic before, the cue opens the block
      firsts[firsts.length - 1] = u
    } else if (u === 0 || cur.length >= blockTerms || (cue && cur.length > 0)) {
      if (u > 0) ids.push(cur)
      firsts.push(u)
      cur = []
    }
    for (const t of terms[u]!) {
      let id = vocab.get(t)
      if (id === undefined) vocab.set(t, (id = vocab.size))
      cur.push(id)
    }
  }
  ids.push(cur)
  const bonus = firsts.map((u) => (u === 0 ? 0 : evidence[u]!))
  const starts = likelihoodSplit(ids, vocab.size, bonus, options)
  return starts.map((b, i) => ({ first: firsts[b]!, last: i + 1 < starts.length ? firsts[starts[i + 1]!]! - 1 : n - 1 }))
}
