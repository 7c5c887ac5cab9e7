/**
 * Lexical cohesion across each gap between utterances, TextTiling-style
 * (Hearst 1997): the cosine similarity of the tokens in a window just before
 * the gap and a window just after it, then each gap's depth below the nearest
 * peaks on either side. A deep valley is where the talk stops sharing words
 * with what came before. The windows slide one token at a time, so the whole
 * curve costs time linear in the meeting's length whatever the window size.
 */

/**
 * Similarity of the `width` tokens before each gap to the `width` tokens after
 * it. Gap g sits before unit g (g = 1..n-1); index 0 is unused (1).
 * Tokens are weighted by `weight` (1 when absent).
 */
export const windowSimilarity = (
  units: ReadonlyArray<ReadonlyArray<string>>,
  width: number,
  weight: (token: string) => number = () => 1,
): Float64Array => {
  const n = units.length
  const sims = new Float64Array(Math.max(1, n)).fill(1)
  const ids = new Map<string, number>()
  const stream: number[] = []
  const starts = new Int32Array(n + 1)
  const w: number[] = []
  units.forEach((ts, u) => {
    starts[u] = stream.length
    for (const t of ts) {
      let id = ids.get(t)
      if (id === undefined) {
        ids.set(t, (id = ids.size))
        w.push(weight(t))
      }
      stream.push(id)
    }
  })
  starts[n] = stream.length
  const left = new Float64Array(ids.size)
  const right = new Float64Array(ids.size)
  let dot = 0
  let normL = 0
  let normR = 0
  // each change of one count keeps dot and norms exact in O(1)
  const addL = (id: number, d: number): void => {
    const x = w[id]!
    dot += d * x * right[id]!
    normL += 2 * left[id]! * d * x + d * d * x * x
    left[id] = left[id]! + d * x
  }
  const addR = (id: number, d: number): void => {
    const x = w[id]!
    dot += d * x * left[id]!
    normR += 2 * right[id]! * d * x + d * d * x * x
    right[id] = right[id]! + d * x
  }
  // windows are [lo, mid) and [mid, hi) in the token stream
  let lo = 0
  let mid = 0
  let hi = 0
  for (let g = 1; g < n; g++) {
    const target = starts[g]!
    while (mid < target) {
      const id = stream[mid++]!
      if (hi < mid) hi = mid
      else addR(id, -1)
      addL(id, 1)
    }
    while (mid - lo > width) addL(stream[lo++]!, -1)
    while (hi < stream.length && hi - mid < width) addR(stream[hi++]!, 1)
    sims[g] = normL <= 1e-12 || normR <= 1e-12 ? 1 : dot / Math.sqrt(normL * normR)
  }
  return sims
}

/** Mean of each value with its `radius` neighbours either side (gaps 1..n-1). */
export const smooth = (values: Float64Array, radius: number): Float64Array => {
  const n = values.length
  const out = new Float64Array(n)
  if (n <= 1) return out.fill(1)
  const prefix = new Float64Array(n + 1)
  for (let i = 1; i < n; i++) prefix[i + 1] = prefix[i]! + values[i]!
  for (let i = 1; i < n; i++) {
    const a = Math.max(1, i - radius)
    const b = Math.min(n - 1, i + radius)
    out[i] = (prefix[b + 1]! - prefix[a]!) / (b - a + 1)
  }
  return out
}

/**
 * Depth of each gap: how far its similarity lies below the highest point
 * reached climbing left, plus the same climbing right (0 on a peak).
 */
export const depthScores = (sims: Float64Array): Float64Array => {
  const n = sims.length
  const depth = new Float64Array(n)
  // running peaks in both directions: climbing stops where the curve turns down
  const leftPeak = new Float64Array(n)
  const rightPeak = new Float64Array(n)
  for (let i = 1; i < n; i++) leftPeak[i] = i > 1 && sims[i - 1]! >= sims[i]! ? Math.max(leftPeak[i - 1]!, sims[i]!) : sims[i]!
  for (let i = n - 1; i >= 1; i--) rightPeak[i] = i < n - 1 && sims[i + 1]! >= sims[i]! ? Math.max(rightPeak[i + 1]!, sims[i]!) : sims[i]!
  for (let i = 1; i < n; i++) depth[i] = leftPeak[i]! - sims[i]! + rightPeak[i]! - sims[i]!
  return depth
}
