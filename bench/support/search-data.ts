/**
 * Meeting transcripts for the search bench, generated deterministically (a
 * seeded PRNG per recording): words drawn from a Zipf-like distribution over a
 * vocabulary of English stop words, everyday meeting words and a long tail of
 * made-up but pronounceable words, so some words are in every recording, some
 * in a third of them and some in very few.
 */
import { STOP_WORDS } from '../../src/core/domain/recordings/recording-filter.js'

const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

const MEETING_WORDS = (
  'project team customer budget release plan update week call design review feature issue data product meeting question time ' +
  'sales launch roadmap deadline report number user market quarter goal sprint ticket bug test deploy server client contract ' +
  'price cost revenue hiring candidate interview feedback document draft slide deck email follow action owner decision priority ' +
  'risk scope estimate timeline milestone vendor partner support training onboarding marketing campaign website mobile app ' +
  'dashboard metric analytics growth churn retention pipeline forecast invoice payment legal security compliance audit policy ' +
  'infrastructure database migration performance latency outage incident postmortem architecture api integration platform ' +
  'research survey prototype experiment hypothesis result conversion funnel pricing discount renewal account manager director ' +
  'engineer designer analyst stakeholder board investor strategy vision mission objective initiative workshop offsite agenda'
).split(' ')

const SYLLABLES = 'ka lo mi ra ten vo sul dre pim nax tor bel qui fen gar hol jun ost pra lek mor nid zu wen cas fil dor'.split(' ')

/** The vocabulary, most frequent first: stop words, meeting words, then made-up words. */
export const vocabulary = (tail = 40_000): string[] => {
  const random = prng(7)
  const made = new Set<string>()
  while (made.size < tail) {
    const n = 2 + Math.floor(random() * 3)
    made.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''))
  }
  return [...STOP_WORDS, ...MEETING_WORDS, ...made]
}

/** Draws word indexes with probability ∝ 1 / (rank + 1) (Zipf, s = 1). */
export const zipf = (size: number) => {
  const cumulative = new Float64Array(size)
  let sum = 0
  for (let i = 0; i < size; i++) cumulative[i] = sum += 1 / (i + 1)
  return (random: () => number) => {
    const x = random() * sum
    let lo = 0
    let hi = size - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/** Said in one recording in RARE_EVERY: a project code name. */
export const RARE_WORD = 'zanzibar'
export const RARE_EVERY = 4_999
const SPEAKERS = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve']

export interface Transcript {
  readonly utterances: ReadonlyArray<{ start_ms: number; end_ms: number; speaker: string; text: string }>
  readonly words: number
}

/** The transcript of recording n: `count` utterances over an hour, 8 to 18 words each (≈ 13). */
export const transcriptOf = (n: number, count: number, words: string[], draw: (r: () => number) => number): Transcript => {
  const random = prng(1_000 + n)
  const slot = 3_600_000 / count
  let total = 0
  const utterances = Array.from({ length: count }, (_, i) => {
    const length = 8 + Math.floor(random() * 11)
    total += length
    const said = Array.from({ length }, () => words[draw(random)]!)
    if (n % RARE_EVERY === 0 && i === count >> 1) said[length >> 1] = RARE_WORD
    const text = said.join(' ')
    return { start_ms: Math.round(i * slot), end_ms: Math.round((i + 0.9) * slot), speaker: SPEAKERS[(n + i) % SPEAKERS.length]!, text: text[0]!.toUpperCase() + text.slice(1) + '.' }
  })
  return { utterances, words: total }
}
