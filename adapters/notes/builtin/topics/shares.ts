/**
 * Fractions that must add up to exactly one. Shares are rounded to four
 * decimals for display, then the rounding residue goes to the largest share,
 * so the sum is 1 within floating-point error.
 */
export const sharesOf = (amounts: ReadonlyArray<number>): number[] => {
  if (amounts.length === 0) return []
  const total = amounts.reduce((a, b) => a + Math.max(0, b), 0)
  const raw = total > 0 ? amounts.map((a) => Math.max(0, a) / total) : amounts.map(() => 1 / amounts.length)
  const rounded = raw.map((r) => Math.round(r * 10_000) / 10_000)
  let largest = 0
  rounded.forEach((r, i) => {
    if (r > rounded[largest]!) largest = i
  })
  const others = rounded.reduce((a, r, i) => (i === largest ? a : a + r), 0)
  // others sum to a whole number of 1e-4 steps, so this rounding only removes float noise
  rounded[largest] = Math.round((1 - others) * 10_000) / 10_000
  return rounded
}
