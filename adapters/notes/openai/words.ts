/** Word overlap, to tie a sentence to the utterance it was taken from. */

const STOP = new Set(
  'a an and are as at be by for from have i i\'ll in is it its of on or so that the this to we we\'ll will with you your'.split(' '),
)

export const contentWords = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w)))

/** Share of the quote's content words that the text's set has (0 when the quote has none). */
export const coverageOf = (q: ReadonlySet<string>, t: ReadonlySet<string>): number => {
  if (q.size === 0) return 0
  let hit = 0
  for (const w of q) if (t.has(w)) hit++
  return hit / q.size
}

/** Share of `quote`'s content words that `text` has (0 when the quote has none). */
export const coverage = (quote: string, text: string): number => coverageOf(contentWords(quote), contentWords(text))

/**
 * The utterance whose words best cover `quote`, above `threshold`, or -1. The
 * word sets are made once per transcript, not once per look-up: a 3-hour
 * meeting has thousands of utterances and hundreds of candidates.
 */
export const bestCovering = (sets: ReadonlyArray<ReadonlySet<string>>, quote: string, threshold: number): number => {
  const q = contentWords(quote)
  let best = -1
  let score = threshold
  sets.forEach((t, i) => {
    const c = coverageOf(q, t)
    if (c > score) {
      best = i
      score = c
    }
  })
  return best
}

/** Jaccard similarity of two texts' content words. */
export const similarity = (a: string, b: string): number => {
  const x = contentWords(a)
  const y = contentWords(b)
  if (x.size === 0 || y.size === 0) return 0
  let both = 0
  for (const w of x) if (y.has(w)) both++
  return both / (x.size + y.size - both)
}
