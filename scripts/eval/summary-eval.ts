/**
 * Scores one analyzer on the QMSum meetings: ROUGE of the detailed summary
 * against the reference, and Pk / WindowDiff of the topic segmentation where
 * the analyzer exposes one.
 */
import type { Notes } from '../../src/core/domain/notes/notes.js'
import type { Span } from '../../adapters/notes/builtin/index.js'
import type { EvalMeeting } from './qmsum.js'
import { rougeL, rougeN } from './rouge.js'
import { halfMeanSegment, labelsFromSpans, pk, windowDiff } from './segmentation-metrics.js'

export interface MeetingResult {
  readonly id: string
  readonly domain: string
  readonly rouge1: number
  readonly rouge2: number
  readonly rougeL: number
  readonly summaryWords: number
  /** Absent when the analyzer gave no segmentation. */
  readonly pk?: number
  readonly windowDiff?: number
  readonly segments?: number
}

export const scoreMeeting = (m: EvalMeeting, notes: Notes, spans?: ReadonlyArray<Span>): MeetingResult => {
  const summary = notes.detailedSummary
  const base = {
    id: m.id,
    domain: m.domain,
    rouge1: rougeN(summary, m.reference_summary, 1).f1 * 100,
    rouge2: rougeN(summary, m.reference_summary, 2).f1 * 100,
    rougeL: rougeL(summary, m.reference_summary).f1 * 100,
    summaryWords: summary.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length,
  }
  if (spans === undefined) return base
  const n = m.utterances.length
  const reference = labelsFromSpans(n, m.reference_topics.flatMap((t) => t.spans))
  const hypothesis = new Array<number>(n).fill(0)
  spans.forEach((s, i) => {
    for (let u = s.first; u <= s.last && u < n; u++) hypothesis[u] = i
  })
  const k = halfMeanSegment(reference)
  return { ...base, pk: pk(reference, hypothesis, k), windowDiff: windowDiff(reference, hypothesis, k), segments: spans.length }
}

const mean = (xs: ReadonlyArray<number>): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length)

export interface GroupSummary {
  readonly group: string
  readonly meetings: number
  readonly rouge1: number
  readonly rouge2: number
  readonly rougeL: number
  readonly summaryWords: number
  readonly pk: number
  readonly windowDiff: number
  readonly segments: number
}

/** Means per domain, then over all meetings (each meeting weighs the same). */
export const summarise = (results: ReadonlyArray<MeetingResult>): GroupSummary[] => {
  const domains = [...new Set(results.map((r) => r.domain))].sort()
  const groups: Array<[string, ReadonlyArray<MeetingResult>]> = [
    ...domains.map((d) => [d, results.filter((r) => r.domain === d)] as [string, MeetingResult[]]),
    ['Overall', results],
  ]
  return groups.map(([group, rs]) => ({
    group,
    meetings: rs.length,
    rouge1: mean(rs.map((r) => r.rouge1)),
    rouge2: mean(rs.map((r) => r.rouge2)),
    rougeL: mean(rs.map((r) => r.rougeL)),
    summaryWords: mean(rs.map((r) => r.summaryWords)),
    pk: mean(rs.flatMap((r) => (r.pk === undefined ? [] : [r.pk]))),
    windowDiff: mean(rs.flatMap((r) => (r.windowDiff === undefined ? [] : [r.windowDiff]))),
    segments: mean(rs.flatMap((r) => (r.segments === undefined ? [] : [r.segments]))),
  }))
}
