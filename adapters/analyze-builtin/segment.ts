/**
 * Topic segmentation as the most probable split of the meeting into stretches
 * that each have their own word distribution (Utiyama & Isahara 2001). The
 * meeting is first cut into at most `maxBlocks` blocks of whole utterances, so
 * the dynamic programme's cost is bounded whatever the meeting's length.
 */
/** Inclusive range of utterance indices that form one topic. */
export interface Span {
  readonly first: number
  readonly last: number
}

export interface SegmentOptions {
  readonly maxBlocks: number
  readonly minBlockTerms: number
  readonly maxTopics: number
  /** Cost of each extra topic, in units of log(total terms). */
  readonly penalty: number
}

export const defaultSegmentOptions: SegmentOptions = { maxBlocks: 160, minBlockTerms: 40, maxTopics: 10, penalty: 20 }

/**
 * Splits utterances (given as their content terms) into topic spans that cover
 * every index once, in order. Deterministic for the same input.
 */
export const segmentTopics = (
  terms: ReadonlyArray<ReadonlyArray<string>>,
  options: SegmentOptions = defaultSegmentOptions,
): Span[] => {
  const n = terms.length
  if (n === 0) return []
  const total = terms.reduce((a, t) => a + t.length, 0)
  const blockTerms = Math.max(options.minBlockTerms, Math.ceil(total / options.maxBlocks))
  // blocks[b] = [first utterance, last utterance]; ids[b] = term ids inside
  const blocks: Array<[number, number]> = []
  const ids: number[][] = []
  const vocab = new Map<string, number>()
  let cur: number[] = []
  let first = 0
  terms.forEach((ts, u) => {
    for (const t of ts) {
      let id = vocab.get(t)
      if (id === undefined) vocab.set(t, (id = vocab.size))
      cur.push(id)
    }
    if (cur.length >= blockTerms || u === n - 1) {
      blocks.push([first, u])
      ids.push(cur)
      cur = []
      first = u + 1
    }
  })
  const B = blocks.length
  const V = vocab.size
  if (B < 2) return [{ first: 0, last: n - 1 }]
  // like[i][j]: log-likelihood of blocks i..j-1 as one topic, Laplace-smoothed
  const like: Float64Array[] = Array.from({ length: B }, () => new Float64Array(B + 1))
  const counts = new Int32Array(V)
  for (let i = 0; i < B; i++) {
    let a = 0
    let len = 0
    const touched: number[] = []
    for (let j = i; j < B; j++) {
      for (const id of ids[j]!) {
        const c = counts[id]!
        if (c === 0) touched.push(id)
        a += (c + 1) * Math.log(c + 2) - (c === 0 ? 0 : c * Math.log(c + 1))
        counts[id] = c + 1
        len++
      }
      like[i]![j + 1] = a - len * Math.log(len + V)
    }
    for (const id of touched) counts[id] = 0
  }
  const K = Math.min(options.maxTopics, B)
  const best: Float64Array[] = Array.from({ length: K + 1 }, () => new Float64Array(B + 1).fill(-Infinity))
  const from: Int32Array[] = Array.from({ length: K + 1 }, () => new Int32Array(B + 1))
  best[0]![0] = 0
  for (let k = 1; k <= K; k++)
    for (let j = 1; j <= B; j++)
      for (let i = k - 1; i < j; i++) {
        const v = best[k - 1]![i]! + like[i]![j]!
        if (v > best[k]![j]!) {
          best[k]![j] = v
          from[k]![j] = i
        }
      }
  let bestK = 1
  const cost = (k: number): number => best[k]![B]! - options.penalty * (k - 1) * Math.log(Math.max(2, total))
  for (let k = 2; k <= K; k++) if (cost(k) > cost(bestK)) bestK = k
  const starts: number[] = []
  for (let k = bestK, j = B; k > 0; k--) {
    const i = from[k]![j]!
    starts.push(i)
    j = i
  }
  starts.reverse()
  return starts.map((b, i) => ({
    first: blocks[b]![0],
    last: i + 1 < starts.length ? blocks[starts[i + 1]!]![0] - 1 : n - 1,
  }))
}
