/**
 * Term weights within one meeting. There is no outside corpus, so inverse
 * document frequency is measured over fixed-size chunks of the meeting itself:
 * words that are spoken everywhere ("meeting", "idea") weigh little, words
 * that gather in a few stretches weigh much.
 */
export interface TermWeights {
  /** idf of a term; unknown terms get the highest value. */
  idf(term: string): number
}

export const chunkIdf = (terms: ReadonlyArray<ReadonlyArray<string>>, chunkSize = 100): TermWeights => {
  const df = new Map<string, number>()
  let chunks = 0
  let inChunk = new Set<string>()
  let size = 0
  const flush = (): void => {
    if (size === 0) return
    for (const t of inChunk) df.set(t, (df.get(t) ?? 0) + 1)
    chunks++
    inChunk = new Set()
    size = 0
  }
  for (const ts of terms) {
    for (const t of ts) inChunk.add(t)
    size += ts.length
    if (size >= chunkSize) flush()
  }
  flush()
  const n = Math.max(1, chunks)
  return { idf: (t) => Math.log((n + 1) / ((df.get(t) ?? 0) + 0.5)) }
}
