/**
 * How this meeting's notes name things: each speaker as minutes do ("Bob",
 * "the project manager"), who a sentence addresses, subjects with their
 * article ("the remote control", but "Canada"), and which words keep a
 * capital inside a sentence (names and acronyms the meeting says that way).
 */
import type { Sentence } from './sentences.js'
import { speakerNames } from './speaker-names.js'
import { STOP_WORDS } from './words.js'

/**
 * Lowercases the first word of a sentence set inside another ("explained that
 * meanwhile ..."), unless it is a name or an acronym ("Bob", "LCD"): a word
 * the meeting capitalises mid-sentence, or a speaker's name, keeps its case.
 */
const innerWith =
  (cased: ReadonlyMap<string, string>, names: ReadonlySet<string>) =>
  (s: string): string => {
    const first = (s.split(' ')[0] ?? '').replace(/[^\p{L}'-]+$/u, '')
    if (first === 'I' || !/^[A-Z][a-z'-]*$/.test(first) || names.has(first)) return s
    const lower = first.toLowerCase()
    return !STOP_WORDS.has(lower) && /^[A-Z]/.test(cased.get(lower) ?? 'x') ? s : s[0]!.toLowerCase() + s.slice(1)
  }

/**
 * A subject as minutes name it: "the remote control", "the buttons", "PLP features"; a written label that already
 * has its determiner ("a new hire") or starts with a name stays as it is.
 */
const subjectPhrase =
  (cased: ReadonlyMap<string, string>) =>
  (phrase: string): string => {
    const words = phrase.split(' ').map((w) => (w === w.toLowerCase() ? (cased.get(w) ?? w) : w))
    const first = words[0] ?? ''
    const text = words.join(' ')
    if (/^(?:the|a|an|this|that|these|those|their|our|its|his|her|some|any|each|every|all|both|no)$/i.test(first)) return text
    // a proper noun as the meeting says it ("Canada", "PLP features") takes no article
    const given = phrase.split(' ')[0] ?? ''
    if (given === given.toLowerCase() && /^[A-Z]/.test(first)) return text
    // a written label ("Spring launch") reads inside the sentence in lowercase
    if (/^[A-Z][a-z]+$/.test(first) && !/^[A-Z]/.test(cased.get(first.toLowerCase()) ?? 'x')) return `the ${first.toLowerCase()}${text.slice(first.length)}`
    return /^[\d]/.test(first) || /^[A-Z]/.test(first) ? text : `the ${text}`
  }

/** Where the meeting says a word capitalised mid-sentence ("PLP", "Gwynedd"), key phrases keep that case. */
const casedWords = (sentences: ReadonlyArray<Sentence>): Map<string, string> => {
  const counts = new Map<string, Map<string, number>>()
  for (const s of sentences)
    for (const w of s.text.match(/(?<=\s)[\p{L}][\p{L}\p{N}'-]*/gu) ?? []) {
      const forms = counts.get(w.toLowerCase()) ?? new Map<string, number>()
      forms.set(w, (forms.get(w) ?? 0) + 1)
      counts.set(w.toLowerCase(), forms)
    }
  const out = new Map<string, string>()
  for (const [lower, forms] of counts) out.set(lower, [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0])
  return out
}

/** Names every speaker as notes do and finds who a sentence addresses ("Ben, can you ..."; the other one of two). */
export const voicesOf = (sentences: ReadonlyArray<Sentence>) => {
  const labels = [...new Set(sentences.map((s) => s.speaker))]
  const names = speakerNames(labels)
  const byFirst = new Map<string, string>()
  for (const l of labels) {
    const first = l.trim().split(/\s+/)[0] ?? ''
    if (/^[A-Z][a-z]+$/.test(first)) byFirst.set(first, l)
  }
  const cased = casedWords(sentences)
  const firstNames = new Set(labels.flatMap((l) => [l.split(/\s+/)[0] ?? '', ...names(l).short.split(/\s+/)]))
  const inner = innerWith(cased, firstNames)
  const addresseeOf = (s: Sentence): string | undefined => {
    const m = /^([A-Z][a-z]+),/.exec(s.text) ?? /,\s*([A-Z][a-z]+)[.?!]$/.exec(s.text)
    const label = m === null ? undefined : byFirst.get(m[1]!)
    if (label !== undefined && label !== s.speaker) return names(label).short
    if (labels.length === 2) return names(labels.find((l) => l !== s.speaker)!).short
    return undefined
  }
  return { names, addresseeOf, inner, subject: subjectPhrase(cased) }
}

export type MeetingVoices = ReturnType<typeof voicesOf>
