/**
 * Centroids and overlaps for the extractive summary: a centroid is a bounded
 * map from the most frequent terms (or word pairs) to weights.
 */
import type { Sentence } from '../text/sentences.js'
import type { TermWeights } from '../text/weights.js'

export type Vector = Map<string, number>

/** Top `size` terms by (1 + log tf) x idf^idfPower. */
export const centroidOf = (sentences: ReadonlyArray<Sentence>, weights: TermWeights, size: number, idfPower: number): Vector => {
  const tf = new Map<string, number>()
  for (const s of sentences) for (const t of s.terms) tf.set(t, (tf.get(t) ?? 0) + 1)
  const scored = [...tf].map(([t, f]) => [t, (1 + Math.log(f)) * Math.pow(Math.max(0, weights.idf(t)), idfPower)] as const)
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return new Map(scored.slice(0, size))
}

/** Sum of the centroid weights of the distinct terms of a sentence. */
export const coverage = (s: Sentence, c: Vector): number => {
  let sum = 0
  for (const t of new Set(s.terms)) sum += c.get(t) ?? 0
  return sum
}

/** Content-word pairs said at least twice, weighted by how often. */
export const bigramCentroid = (sentences: ReadonlyArray<Sentence>, size: number): Vector => {
  const tf = new Map<string, number>()
  for (const s of sentences) for (const b of s.bigrams) tf.set(b, (tf.get(b) ?? 0) + 1)
  const scored = [...tf].filter(([, f]) => f >= 2).map(([b, f]) => [b, 1 + Math.log(f)] as const)
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return new Map(scored.slice(0, size))
}

export const bigramCoverage = (s: Sentence, c: Vector): number => {
  let sum = 0
  for (const b of new Set(s.bigrams)) sum += c.get(b) ?? 0
  return sum
}

/** Cosine of the distinct-term sets of two sentences: redundancy for MMR. */
export const overlap = (a: Sentence, b: Sentence): number => {
  const sa = new Set(a.terms)
  const sb = new Set(b.terms)
  let common = 0
  for (const t of sa) if (sb.has(t)) common++
  return sa.size === 0 || sb.size === 0 ? 0 : common / Math.sqrt(sa.size * sb.size)
}
