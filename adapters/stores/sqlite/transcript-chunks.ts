// The transcript part of a SQLite search document: each distinct whitespace-separated chunk of the transcript once.
//
// search_fts (migration 13) is `detail=column`: it keeps, per document, only which column holds each token, no
// positions and no counts a search reads (no bm25, no phrase or NEAR queries, adapters/stores/sqlite/recording-search.ts).
// Whitespace is a separator for the tokenizer (`unicode61` splits on everything but letters, digits and private use),
// so a chunk holds the same tokens alone as in its utterance, and equal chunks hold equal tokens: the distinct chunks
// are found by exactly the same searches as the whole text, at about a hundredth of the text to index for a long
// meeting (what holds the event loop is FTS5 tokenizing, in one synchronous statement). Finding them is itself seconds
// of work for a 50 MB transcript, so it is done in slices that let the event loop turn in between, before the write.
import { setImmediate as turn } from 'node:timers/promises'

/** Characters of transcript split between two turns of the event loop: a few milliseconds of work. */
export const CHUNK_SLICE = 131_072

const WHITESPACE = /\s+/
const NEXT_SPACE = /\s/g

/** Where the piece of `text` starting at `from` ends: at the first whitespace from `from + size` on (a chunk is never cut). */
const pieceEnd = (text: string, from: number, size: number): number => {
  if (text.length - from <= size) return text.length
  NEXT_SPACE.lastIndex = from + size
  return NEXT_SPACE.exec(text)?.index ?? text.length
}

const addChunks = (seen: Set<string>, piece: string) => {
  for (const chunk of piece.split(WHITESPACE)) if (chunk !== '') seen.add(chunk)
}

/** The distinct chunks of the texts, one per line, in order of first appearance; all at once (for short texts). */
export const distinctChunksOf = (texts: ReadonlyArray<{ readonly text: string }>): string => {
  const seen = new Set<string>()
  for (const { text } of texts) addChunks(seen, text)
  return [...seen].join('\n')
}

/** The same, with a turn of the event loop after every `slice` characters (a long utterance is cut between chunks). */
export const distinctChunksYielding = async (texts: ReadonlyArray<{ readonly text: string }>, slice = CHUNK_SLICE): Promise<string> => {
  const seen = new Set<string>()
  let sinceTurn = 0
  for (const { text } of texts) {
    for (let from = 0; from < text.length; ) {
      const to = pieceEnd(text, from, slice - sinceTurn)
      addChunks(seen, from === 0 && to === text.length ? text : text.slice(from, to))
      sinceTurn += to - from
      from = to
      if (sinceTurn >= slice) {
        sinceTurn = 0
        await turn()
      }
    }
  }
  return [...seen].join('\n')
}
