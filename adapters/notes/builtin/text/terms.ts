/**
 * Content terms of a text: lowercased words without stop words, Porter-stemmed
 * so "buttons" and "button" count as one term. Stems are cached because a long
 * meeting repeats the same few thousand words many times.
 */
import { stemmer } from 'stemmer'
import { STOP_WORDS } from './words.js'

const stems = new Map<string, string>()

export const stem = (word: string): string => {
  let s = stems.get(word)
  if (s === undefined) {
    s = stemmer(word)
    if (stems.size < 200_000) stems.set(word, s)
  }
  return s
}

/** Lowercase word tokens, apostrophes kept inside words ("don't"). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []

const isContentWord = (w: string): boolean =>
  w.length > 1 && !STOP_WORDS.has(w) && !w.includes("'") && !/^\d+$/.test(w)

/** Stemmed content terms in order of appearance (repeats kept). */
export const contentTerms = (text: string): string[] => wordsOf(text).filter(isContentWord).map(stem)

/** Runs of adjacent content words ("remote control") with their stems, for key phrases. */
export const phraseRuns = (text: string): Array<{ words: string[]; stems: string[] }> => {
  const runs: Array<{ words: string[]; stems: string[] }> = []
  // punctuation breaks a phrase as a stop word does
  for (const clause of text.toLowerCase().split(/[,.;:?!()"]+/)) {
    let run: string[] = []
    const flush = (): void => {
      if (run.length > 0) runs.push({ words: run, stems: run.map(stem) })
      run = []
    }
    for (const w of clause.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
      if (isContentWord(w)) run.push(w)
      else flush()
    }
    flush()
  }
  return runs
}
