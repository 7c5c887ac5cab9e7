/**
 * ROUGE-N and ROUGE-L F1, following the conventions of Google's rouge_score:
 * text lowercased, every run of non-alphanumerics is a separator, tokens longer
 * than three characters are Porter-stemmed.
 */
import { stemmer } from 'stemmer'

export interface RougeScore {
  readonly precision: number
  readonly recall: number
  readonly f1: number
}

export const rougeTokens = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '')
    .map((t) => (t.length > 3 ? stemmer(t) : t))

const score = (overlap: number, predicted: number, reference: number): RougeScore => {
  const precision = predicted === 0 ? 0 : overlap / predicted
  const recall = reference === 0 ? 0 : overlap / reference
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f1 }
}

const ngramCounts = (tokens: ReadonlyArray<string>, n: number): Map<string, number> => {
  const m = new Map<string, number>()
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ')
    m.set(key, (m.get(key) ?? 0) + 1)
  }
  return m
}

/** ROUGE-N: clipped n-gram overlap between a candidate and a reference. */
export const rougeN = (candidate: string, reference: string, n: number): RougeScore => {
  const c = ngramCounts(rougeTokens(candidate), n)
  const r = ngramCounts(rougeTokens(reference), n)
  let overlap = 0
  for (const [g, k] of c) overlap += Math.min(k, r.get(g) ?? 0)
  const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0)
  return score(overlap, total(c), total(r))
}

/** Length of the longest common subsequence, in O(n·m) time and O(m) memory. */
export const lcsLength = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): number => {
  let prev = new Array<number>(b.length + 1).fill(0)
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0)
    for (let j = 1; j <= b.length; j++) row[j] = x === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!)
    prev = row
  }
  return prev[b.length]!
}

/** ROUGE-L over the whole texts as single token sequences. */
export const rougeL = (candidate: string, reference: string): RougeScore => {
  const c = rougeTokens(candidate)
  const r = rougeTokens(reference)
  return score(lcsLength(c, r), c.length, r.length)
}
