/**
 * Wording of the two summaries: a line naming the main subjects, then one
 * short line per selected sentence, attributed to its speaker so a reader
 * knows who said what.
 */
import type { Sentence } from './sentences.js'

const listed = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

/** "The meeting covered remote control, buttons and battery." or '' without key phrases. */
export const subjectsLine = (phrases: ReadonlyArray<string>): string =>
  phrases.length === 0 ? '' : `The meeting covered ${listed(phrases)}.`

export const wordsIn = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length

/** Words a sentence takes in the detailed summary, its speaker's name included. */
export const summaryCost = (s: Sentence): number => s.words + wordsIn(s.speaker) + 1

const attributed = (s: Sentence): string => (s.speaker.trim() === '' ? s.text : `${s.speaker.trim()}: ${s.text}`)

/** Subjects line, then "- Speaker: sentence" lines in meeting order. */
export const detailedSummaryText = (phrases: ReadonlyArray<string>, chosen: ReadonlyArray<Sentence>): string => {
  const lines = [...chosen].sort((a, b) => a.index - b.index).map((s) => `- ${attributed(s)}`)
  const head = subjectsLine(phrases)
  return (head === '' ? lines : [head, ...lines]).join('\n')
}

/** One or two sentences: the subjects, and the sentence ranked most central when it is short enough. */
export const shortSummaryText = (phrases: ReadonlyArray<string>, ranked: ReadonlyArray<Sentence>): string => {
  const head = subjectsLine(phrases)
  const best = ranked.find((s) => s.words <= 30)
  if (best === undefined) return head === '' ? 'No summary could be drawn from this transcript.' : head
  return head === '' ? attributed(best) : `${head} ${attributed(best)}`
}
