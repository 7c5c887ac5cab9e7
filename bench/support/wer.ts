/**
 * Word error rate: the fewest word substitutions, deletions and insertions that turn the
 * hypothesis into the reference (Levenshtein over words), over the reference's length.
 * Both sides are normalised first: lower case, punctuation dropped (apostrophes kept inside
 * words, so "don't" stays one word), hyphens and runs of space become one space.
 */
export const normaliseWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9'\s-]+/g, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w !== '')

/** Edit distance in words between two normalised word lists; two rows of the table at a time. */
export const wordEdits = (reference: ReadonlyArray<string>, hypothesis: ReadonlyArray<string>): number => {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j)
  for (let i = 1; i <= reference.length; i++) {
    const current = [i]
    for (let j = 1; j <= hypothesis.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[hypothesis.length]!
}

export interface WerCount {
  readonly edits: number
  readonly referenceWords: number
}

export const countErrors = (reference: string, hypothesis: string): WerCount => {
  const ref = normaliseWords(reference)
  return { edits: wordEdits(ref, normaliseWords(hypothesis)), referenceWords: ref.length }
}

/** Pooled over clips (total edits over total reference words), as WER is usually reported for a set. */
export const wordErrorRate = (counts: ReadonlyArray<WerCount>): number => {
  const words = counts.reduce((n, c) => n + c.referenceWords, 0)
  return words === 0 ? 0 : counts.reduce((n, c) => n + c.edits, 0) / words
}
