/**
 * Pk (Beeferman et al. 1999) and WindowDiff (Pevzner & Hearst 2002) between a
 * hypothesis and a reference segmentation, both given as a segment label per
 * unit (utterance). Lower is better; 0 is perfect.
 */

/** Pk: share of windows of width k whose two ends disagree on "same segment". */
export const pk = (reference: ReadonlyArray<number>, hypothesis: ReadonlyArray<number>, k: number): number => {
  const n = reference.length
  if (n !== hypothesis.length) throw new Error('segmentations differ in length')
  if (k < 1 || n <= k) return 0
  let errors = 0
  for (let i = 0; i + k < n; i++) {
    const sameRef = reference[i] === reference[i + k]
    const sameHyp = hypothesis[i] === hypothesis[i + k]
    if (sameRef !== sameHyp) errors++
  }
  return errors / (n - k)
}

const boundariesIn = (labels: ReadonlyArray<number>, from: number, to: number): number => {
  let b = 0
  for (let i = from; i < to; i++) if (labels[i] !== labels[i + 1]) b++
  return b
}

/** WindowDiff: share of windows of width k where the two count different numbers of boundaries. */
export const windowDiff = (reference: ReadonlyArray<number>, hypothesis: ReadonlyArray<number>, k: number): number => {
  const n = reference.length
  if (n !== hypothesis.length) throw new Error('segmentations differ in length')
  if (k < 1 || n <= k) return 0
  let errors = 0
  for (let i = 0; i + k < n; i++) if (boundariesIn(reference, i, i + k) !== boundariesIn(hypothesis, i, i + k)) errors++
  return errors / (n - k)
}

/** Half the mean segment length of the reference, rounded, at least 1: the usual k. */
export const halfMeanSegment = (reference: ReadonlyArray<number>): number => {
  const segments = 1 + boundariesIn(reference, 0, reference.length - 1)
  return Math.max(1, Math.round(reference.length / segments / 2))
}

/** Labels per unit from inclusive spans; units outside every span join the segment before them. */
export const labelsFromSpans = (n: number, spans: ReadonlyArray<readonly [number, number]>): number[] => {
  const labels = new Array<number>(n).fill(-1)
  const sorted = [...spans].sort((a, b) => a[0] - b[0])
  sorted.forEach(([first, last], i) => {
    for (let u = Math.max(0, first); u <= Math.min(n - 1, last); u++) labels[u] = i
  })
  let current = labels.find((l) => l >= 0) ?? 0
  for (let u = 0; u < n; u++) {
    if (labels[u]! >= 0) current = labels[u]!
    else labels[u] = current
  }
  return labels
}
