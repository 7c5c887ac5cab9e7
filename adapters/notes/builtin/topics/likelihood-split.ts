/**
 * The most probable split of a sequence of blocks into stretches that each
 * have their own word distribution (Utiyama & Isahara 2001), by dynamic
 * programming, where each boundary also earns a bonus for the other evidence
 * at its place (a cue, a change of speakers, a pause) and pays a fixed price.
 * The number of stretches is the one that scores best, not given in advance.
 */
export interface SplitCosts {
  /** Price of each boundary, in units of log(total terms). */
  readonly penalty: number
  /**
   * Price and bonus grow as (total terms / 1000) to this power: a long stretch
   * on one subject drifts enough in its words to pay for a split that a short
   * one could not, so in long meetings word statistics alone count for less.
   */
  readonly penaltyGrowth: number
  /** Worth of one unit of bonus, in units of log(total terms). */
  readonly bonusScale: number
  readonly maxTopics: number
  /** Shortest topic as a share of the meeting's terms (a one-line "topic" is a cue misread). */
  readonly minTopicShare: number
}

/**
 * blocks: term ids per block; bonus[b]: evidence for a boundary before block b.
 * Returns the indices of the blocks that start a stretch (always 0 first).
 */
export const likelihoodSplit = (
  blocks: ReadonlyArray<ReadonlyArray<number>>,
  vocabulary: number,
  bonus: ReadonlyArray<number>,
  costs: SplitCosts,
): number[] => {
  const B = blocks.length
  if (B < 2) return [0]
  const total = blocks.reduce((a, b) => a + b.length, 0)
  const V = vocabulary
  // like[i][j]: log-likelihood of blocks i..j-1 as one stretch, Laplace-smoothed
  const like: Float64Array[] = Array.from({ length: B }, () => new Float64Array(B + 1))
  const counts = new Int32Array(V)
  // a table of logarithms: the fill below needs a few million of them
  const log = new Float64Array(total + V + 2)
  for (let k = 1; k < log.length; k++) log[k] = Math.log(k)
  for (let i = 0; i < B; i++) {
    let a = 0
    let len = 0
    const touched: number[] = []
    for (let j = i; j < B; j++) {
      for (const id of blocks[j]!) {
        const c = counts[id]!
        if (c === 0) touched.push(id)
        a += (c + 1) * log[c + 2]! - c * log[c + 1]!
        counts[id] = c + 1
        len++
      }
      like[i]![j + 1] = a - len * log[len + V]!
    }
    for (const id of touched) counts[id] = 0
  }
  const unit = Math.log(Math.max(2, total))
  const growth = Math.pow(total / 1000, costs.penaltyGrowth)
  const gain = (i: number): number => (i === 0 ? 0 : (costs.bonusScale * (bonus[i] ?? 0) - costs.penalty * growth) * unit)
  const at = new Int32Array(B + 1)
  blocks.forEach((b, i) => (at[i + 1] = at[i]! + b.length))
  const shortest = Math.max(1, costs.minTopicShare * total)
  const K = Math.min(costs.maxTopics, B)
  const best: Float64Array[] = Array.from({ length: K + 1 }, () => new Float64Array(B + 1).fill(-Infinity))
  const from: Int32Array[] = Array.from({ length: K + 1 }, () => new Int32Array(B + 1))
  best[0]![0] = 0
  for (let k = 1; k <= K; k++)
    for (let j = 1; j <= B; j++)
      for (let i = k - 1; i < j; i++) {
        if (at[j]! - at[i]! < shortest) break
        const v = best[k - 1]![i]! + like[i]![j]! + gain(i)
        if (v > best[k]![j]!) {
          best[k]![j] = v
          from[k]![j] = i
        }
      }
  let bestK = 1
  for (let k = 2; k <= K; k++) if (best[k]![B]! > best[bestK]![B]!) bestK = k
  const starts: number[] = []
  for (let k = bestK, j = B; k > 0; k--) {
    const i = from[k]![j]!
    starts.push(i)
    j = i
  }
  return starts.reverse()
}
