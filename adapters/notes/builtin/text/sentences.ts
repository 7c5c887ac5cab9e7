/**
 * The transcript as cleaned sentences, each tied to its utterance and speaker,
 * with its content terms: the common input of segmentation, summary and
 * action items.
 */
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { cleanSentence, splitSentences } from './clean.js'
import { contentTerms, phraseRuns } from './terms.js'

export interface Sentence {
  /** Position among all sentences of the meeting. */
  readonly index: number
  readonly utterance: number
  readonly speaker: string
  /** As spoken, for action items that need the raw wording. */
  readonly raw: string
  /** Fillers, stutters and false starts removed; '' when nothing is left. */
  readonly text: string
  readonly words: number
  readonly terms: ReadonlyArray<string>
  /** Adjacent content-word pairs ("remote control"), stemmed and joined by a space. */
  readonly bigrams: ReadonlyArray<string>
}

export const toSentences = (utterances: ReadonlyArray<Utterance>): Sentence[] => {
  const out: Sentence[] = []
  utterances.forEach((u, ui) => {
    for (const raw of splitSentences(u.text)) {
      const text = cleanSentence(raw)
      out.push({
        index: out.length,
        utterance: ui,
        speaker: u.speaker,
        raw,
        text,
        words: text === '' ? 0 : text.split(/\s+/).length,
        terms: contentTerms(text),
        bigrams: phraseRuns(text).flatMap((r) => r.stems.slice(1).map((st, i) => `${r.stems[i]} ${st}`)),
      })
    }
  })
  return out
}

/** Content terms per utterance, for segmentation. */
export const termsByUtterance = (count: number, sentences: ReadonlyArray<Sentence>): string[][] => {
  const out: string[][] = Array.from({ length: count }, () => [])
  for (const s of sentences) for (const t of s.terms) out[s.utterance]!.push(t)
  return out
}
