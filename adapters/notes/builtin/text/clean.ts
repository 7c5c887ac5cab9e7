/**
 * Cleaning of spoken text before it is shown as notes: fillers ("um",
 * "you know"), stutters ("I I"), cut-off word fragments and restarts
 * ("We m We may ...") are removed, so extracted sentences read as prose.
 */
import { DANGLING_ENDINGS, FILLER_SOUNDS, TURN_OPENERS } from './words.js'


/** Pronouns and openers that, capitalised in mid-sentence, mark the speaker starting over. */
const RESTART_WORDS = new Set(['We', 'The', 'It', 'So', 'They', 'You', 'That', 'This', 'He', 'She', 'There', 'What'])

const collapseSpaces = (s: string): string =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!;:])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/^[\s,;:.-]+/, '')
    .trim()

const FILLER_ALTERNATION = [...FILLER_SOUNDS].join('|')
/** "I'll, uh, send": a filler set off by two commas takes both commas with it. */
const BRACKETED_FILLER = new RegExp(`,\\s*(?:${FILLER_ALTERNATION})\\s*,`, 'gi')

const dropFillers = (s: string): string =>
  s
    .replace(BRACKETED_FILLER, ' ')
    .split(/\s+/)
    .filter((tok) => !FILLER_SOUNDS.has(tok.toLowerCase().replace(/[^a-z-]/g, '')))
    .join(' ')
    // discourse markers set off by commas or at the edges of the sentence
    .replace(/,\s*(you know|i mean|you see|like|sort of|kind of)\s*,/gi, ' ')
    .replace(/(^|[,.?!]\s*)(you know|i mean|you see|i guess|like|sort of|kind of)\s*,\s*/gi, '$1')
    .replace(/,\s*(you know|i mean|i guess|or something|or whatever|okay|ok|right|yeah)(?=\s*[,.?!]|\s*$)/gi, '')

const PRONOUN_THEN_CONTRACTION = /\b(I|we|you|they|he|she|it)[\s,]+(\1'(?:ll|m|re|ve|d|s))\b/gi
const norm = (tok: string): string => tok.toLowerCase().replace(/[,;:]+$/, '')

/** Removes a repeated run of one to three words, keeping the later copy: "I I", "in the, in the", "I I'll". */
const dropStutters = (s: string): string => {
  let toks = s.replace(PRONOUN_THEN_CONTRACTION, '$2').split(' ')
  for (let n = 3; n >= 1; n--) {
    const kept: string[] = []
    let i = 0
    while (i < toks.length) {
      let repeated = i + 2 * n <= toks.length
      for (let j = 0; repeated && j < n; j++) repeated = norm(toks[i + j]!) === norm(toks[i + n + j]!) && /\w/.test(toks[i + j]!)
      // the first copy may end a sentence ("No. No."): that is not a stutter
      if (repeated && !/[.?!]$/.test(toks[i + n - 1]!)) {
        // the later copy keeps its punctuation, the earlier one its capital ("We we may" reads "We may")
        const first = toks[i]!
        const later = toks[i + n]!
        if (/^[A-Z]/.test(first)) toks[i + n] = later[0]!.toUpperCase() + later.slice(1)
        i += n
      } else kept.push(toks[i++]!)
    }
    toks = kept
  }
  return toks.join(' ')
}

/** A word cut off mid-way, as transcripts mark it ("interf-"); unknown short words are real words too often ("ads", "bug"). */
const isFragmentToken = (tok: string): boolean => /^[A-Za-z]+-$/.test(tok)

const PRONOUN = "(?:I|we|you|they|he|she|it|that|there)(?:'ll|'m|'re|'s|'ve|'d)?"
const REPORTING = new Set(
  'think thought guess know knew mean said say hope believe feel felt suppose wish bet figure assume expect understand agree realise realize told heard see'.split(' '),
)
/** "I'll give I'll read" or "we were we are": the first clause was abandoned. */
const dropPronounRestarts = (s: string): string =>
  s.replace(new RegExp(`\\b(${PRONOUN})\\s+([\\w']+)(\\s+[\\w']+)?\\s+(\\1)\\b`, 'gi'), (m, _p, w1: string, w2, again: string) =>
    REPORTING.has(w1.toLowerCase()) || (w2 !== undefined && REPORTING.has(String(w2).trim().toLowerCase())) ? m : again,
  )

/** Drops cut-off words and, where a capitalised pronoun restarts the clause, the abandoned start. */
const dropFalseStarts = (s: string): string => {
  const toks = s.split(/\s+/)
  // a cut-off word is unknown and short, or the start of the word that follows it ("interf interface")
  const kept = toks.filter((tok, i) => {
    const next = (toks[i + 1] ?? '').toLowerCase()
    const word = tok.toLowerCase()
    return !isFragmentToken(tok) && !(/^[a-z]+$/.test(word) && next.length > word.length && next.startsWith(word))
  })
  let start = 0
  for (let i = 1; i < kept.length; i++) {
    const prev = kept[i - 1] ?? ''
    const tok = (kept[i] ?? '').replace(/[,.?!;:]+$/, '')
    if (RESTART_WORDS.has(tok) && !/[,.?!;:]$/.test(prev) && i - start <= 12) start = i
  }
  return kept.slice(start).join(' ')
}

const dropOpeners = (s: string): string => {
  let out = s
  for (;;) {
    const m = /^([A-Za-z]+)[,.!]?\s+/.exec(out)
    if (m === null || !TURN_OPENERS.has((m[1] ?? '').toLowerCase())) return out
    out = out.slice(m[0].length)
  }
}

const capitalise = (s: string): string => (s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1))

/** Cleans one sentence of speech; returns '' when nothing meaningful is left. */
export const cleanSentence = (sentence: string): string => {
  const steps = [dropFillers, collapseSpaces, dropStutters, dropFalseStarts, dropPronounRestarts, dropStutters, collapseSpaces, dropOpeners]
  const cleaned = steps.reduce((s, f) => f(s), sentence)
  const words = cleaned.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w))
  if (words.length === 0) return ''
  const body = capitalise(cleaned.replace(/[,;:\s-]+$/, ''))
  return /[.?!]$/.test(body) ? body : `${body}.`
}

/** True when a cleaned sentence reads as a whole statement: long enough, not a question, no dangling end. */
export const isCompleteStatement = (sentence: string, minWords = 6): boolean => {
  if (!/^[A-Z0-9"']/.test(sentence) || /\?$/.test(sentence)) return false
  const words = sentence.split(/\s+/)
  if (words.length < minWords) return false
  const last = (words[words.length - 1] ?? '').toLowerCase().replace(/[^a-z']/g, '')
  return !DANGLING_ENDINGS.has(last)
}

const ABBREVIATIONS = /\b(?:Mr|Mrs|Ms|Dr|Prof|St|vs|etc|e\.g|i\.e|approx|Inc|Ltd|Jr|Sr)\.$/i

/** Splits an utterance into sentences on terminal punctuation, keeping common abbreviations whole. */
export const splitSentences = (text: string): string[] => {
  const parts = text.split(/(?<=[.?!])\s+(?=["'(]?[A-Z0-9])/)
  const out: string[] = []
  for (const part of parts) {
    const prev = out[out.length - 1]
    if (prev !== undefined && ABBREVIATIONS.test(prev)) out[out.length - 1] = `${prev} ${part}`
    else if (part.trim() !== '') out.push(part.trim())
  }
  return out
}
