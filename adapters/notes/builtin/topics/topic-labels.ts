/**
 * Topic labels a person would write: a noun phrase of two to five words taken
 * from the topic's own talk ("Payment screen", "Hiring a data engineer",
 * "Cost of the remote control"), capitalised as a heading, proper nouns kept.
 *
 * Candidates are runs of content words (which stop at function words, so they
 * are mostly noun compounds), "X of Y", and a gerund with its object. A
 * candidate must end on a word that can head a noun phrase (not a verb from a
 * short list, an adverb or a participle), and is scored by how often the topic
 * says it, how much of the meeting's use of it falls in this topic, and how
 * rare its words are. Each topic takes its best candidate not already taken by
 * another, so labels are distinct; a topic with no repeated phrase is named by
 * its two most particular words ("Budget and forecast").
 */
import type { Sentence } from '../text/sentences.js'
import { stem } from '../text/terms.js'
import type { TermWeights } from '../text/weights.js'
import { META_WORDS, STOP_WORDS } from '../text/words.js'

/** Verbs and adjectives common in meetings that end no noun phrase ("send", "ready"); hand-written. */
const NOT_HEADS = new Set(
  (
    'send sent check checked submit run fix review book buy export draft write call email ask asked schedule finish ship ' +
    'move merge plan decide decided agree agreed hire share discuss cover feel felt guess sounds sound works work looks ' +
    'seems seem keep kept give gave find found help let add added remember remind happen happened mention mentioned ' +
    'prefer love hate hope wait believe understand understood suppose happy sure ready important different same ' +
    'whole big small large high low quick quickly easy hard better best worse worst nice fine okay free able possible ' +
    'likely main real true full open close closed due late early fast slow own able cheap expensive interesting ' +
    'basically actually honestly definitely obviously certainly exactly probably totally pretty ago else ' +
    'local alone away available starts holds backs goes comes takes makes gets needs wants thinks says percent ' +
    'speaking talking per cent regarding regardless become became forward back around along ahead apart together ' +
    'harder em behind home instead anyway afford grab bring pick sign pay spend lose build catch handle wrap ' +
    'push pull tell told ask tried try get got'
  ).split(' '),
)

/** Words of time, number and the meeting's own business, which name no subject ("next Thursday", "the hiring piece"). */
const NOT_SUBJECTS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august ' +
    'september october november december today tomorrow yesterday tonight morning afternoon evening sometime ' +
    'day days week weeks month months year years hour hours minute minutes second seconds end beginning ' +
    'piece part side item items topic topics agenda update updates bit one ones half quarter dozen ' +
    'zero eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty ' +
    'sixty seventy eighty ninety hundred thousand million billion third fourth fifth sixth seventh eighth ninth ' +
    'tenth twelfth twentieth thirtieth'
  ).split(' '),
)
const DETERMINERS = new Set(['a', 'an', 'the', 'our', 'their', 'this', 'that', 'new', 'your', 'its'])

interface Token {
  readonly word: string
  readonly lower: string
  readonly content: boolean
  /** Capitalised and not the first word of its sentence: a proper noun or an acronym. */
  readonly proper: boolean
}

const tokensOf = (text: string): Token[][] =>
  text.split(/[,.;:?!()"\u2014\u2013]+|\s[-\u2013]\s/).map((clause, ci) =>
    (clause.match(/[A-Za-z0-9\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F'&-]*/g) ?? []).map((word, wi) => {
      const lower = word.toLowerCase()
      return {
        word,
        lower,
        content:
          lower.length > 1 &&
          !STOP_WORDS.has(lower) &&
          !lower.includes("'") &&
          !/^\d/.test(lower) &&
          !lower.split('-').some((part) => NOT_SUBJECTS.has(part) || STOP_WORDS.has(part)),
        proper: (ci > 0 || wi > 0) && /^[A-Z]/.test(word),
      }
    }),
  )

const canHead = (t: Token): boolean =>
  t.content && !NOT_HEADS.has(t.lower) && !META_WORDS.has(t.lower) && !/(?:ly|ed)$/.test(t.lower)
const canOpen = (t: Token): boolean => t.content && !NOT_HEADS.has(t.lower) && !/(?:ly|ed)$/.test(t.lower)

/** Candidate phrases of one sentence, as token runs (with the connecting words kept). */
const candidatesOf = (text: string): Token[][] => {
  const out: Token[][] = []
  for (const clause of tokensOf(text)) {
    // runs of content words and the n-grams inside them
    const runs: Array<[number, number]> = []
    for (let i = 0; i < clause.length; ) {
      if (!clause[i]!.content) {
        i++
        continue
      }
      let j = i
      while (j < clause.length && clause[j]!.content) j++
      runs.push([i, j])
      for (let a = i; a < j; a++) for (let b = a + 1; b <= Math.min(j, a + 4); b++) out.push(clause.slice(a, b))
      i = j
    }
    // "cost of the remote control": a run, "of", an optional determiner, a run
    for (let r = 0; r + 1 < runs.length; r++) {
      const [a, b] = runs[r]!
      const [c, d] = runs[r + 1]!
      const between = clause.slice(b, c).map((t) => t.lower)
      const ok = between[0] === 'of' && (between.length === 1 || (between.length === 2 && DETERMINERS.has(between[1]!)))
      if (ok && d - a <= 5) out.push(clause.slice(Math.max(a, b - 2), d))
    }
    // "hiring a data engineer": a gerund, an optional determiner, its object
    clause.forEach((t, i) => {
      if (!t.content || !/ing$/.test(t.lower) || t.lower.length < 5) return
      let k = i + 1
      if (k < clause.length && DETERMINERS.has(clause[k]!.lower)) k++
      let e = k
      while (e < clause.length && clause[e]!.content && e - i < 5) e++
      if (e > k && e > i + 1) out.push(clause.slice(i, e))
    })
  }
  return out
}

interface Candidate {
  key: string
  stems: string[]
  count: number
  surfaces: Map<string, number>
  words: number
}

const keyOf = (ts: ReadonlyArray<Token>): string[] => ts.filter((t) => t.content).map((t) => stem(t.lower))

const collect = (texts: ReadonlyArray<string>, names: ReadonlySet<string>): Map<string, Candidate> => {
  const found = new Map<string, Candidate>()
  for (const text of texts)
    for (const ts of candidatesOf(text)) {
      const last = ts[ts.length - 1]!
      if (NOT_HEADS.has(ts[0]!.lower) || (!canOpen(ts[0]!) && !/ing$/.test(ts[0]!.lower))) continue
      if (!canHead(last) || (ts.length > 1 && /ing$/.test(last.lower))) continue
      // no verb or adjective from the list inside ("Porto sounds fun")
      if (ts.slice(1, -1).some((t) => NOT_HEADS.has(t.lower))) continue
      // a name alone, or names only, is no subject
      if (ts.filter((t) => t.content).every((t) => names.has(t.lower))) continue
      const stems = keyOf(ts)
      const key = stems.join(' ') + (ts.length > stems.length ? ` /${ts.length}` : '')
      const c = found.get(key) ?? { key, stems, count: 0, surfaces: new Map<string, number>(), words: ts.length }
      c.count++
      const surface = ts.map((t) => t.lower).join(' ')
      c.surfaces.set(surface, (c.surfaces.get(surface) ?? 0) + 1)
      found.set(key, c)
    }
  return found
}

const mostFrequent = (m: Map<string, number>): string =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? ''

/** How each word is written in mid-sentence: a word mostly capitalised there is a proper noun or an acronym. */
const spellings = (texts: ReadonlyArray<string>): Map<string, string> => {
  const seen = new Map<string, { lower: number; proper: number; caps: Map<string, number> }>()
  for (const text of texts)
    for (const clause of tokensOf(text))
      for (const t of clause) {
        const e = seen.get(t.lower) ?? { lower: 0, proper: 0, caps: new Map<string, number>() }
        if (t.word !== t.lower) e.caps.set(t.word, (e.caps.get(t.word) ?? 0) + 1)
        if (t.proper) e.proper++
        else if (t.word === t.lower) e.lower++
        seen.set(t.lower, e)
      }
  const out = new Map<string, string>()
  // never written in lower case, or capitalised more often than not in mid-sentence
  for (const [lower, e] of seen) if (e.caps.size > 0 && (e.lower === 0 || e.proper > e.lower)) out.set(lower, mostFrequent(e.caps))
  return out
}

const heading = (phrase: string, spelled: ReadonlyMap<string, string>): string => {
  const words = phrase.split(' ').map((w) => spelled.get(w) ?? w)
  const first = words[0] ?? ''
  words[0] = first.charAt(0).toUpperCase() + first.slice(1)
  return words.join(' ')
}

interface Scored {
  readonly c: Candidate
  readonly score: number
}

/** What one topic says: its candidates, how often it says each stem, and the candidates of its opening. */
interface TopicTalk {
  readonly candidates: Map<string, Candidate>
  readonly stems: Map<string, number>
  readonly opening: ReadonlySet<string>
}

/**
 * Candidates of one topic, best first. A phrase weighs by how often it is said
 * and how often its most said word is ("customer newsletter" in a topic that
 * says "newsletter" five times), by the share of those that fall in this
 * topic, by rarity; and more when the topic's first sentences say it, as a
 * topic is usually named when it is opened ("Last item, the newsletter").
 */
const rank = (mine: TopicTalk, all: Map<string, Candidate>, allStems: Map<string, number>, weights: TermWeights): Scored[] =>
  [...mine.candidates.values()]
    .map((c) => {
      const share = c.count / (all.get(c.key)?.count ?? c.count)
      const idf = c.stems.reduce((a, s) => a + Math.max(0, weights.idf(s)), 0) / Math.max(1, c.stems.length)
      const multi = c.words >= 2 ? 1 + 0.4 * Math.min(3, c.stems.length - 1) : 0.35
      const mass = Math.max(0, ...c.stems.map((st) => ((mine.stems.get(st) ?? 0) ** 2) / (allStems.get(st) ?? 1)))
      const opening = mine.opening.has(c.key) ? 2.5 : 1
      return { c, score: (c.count + mass) * share * Math.sqrt(idf + 0.1) * multi * opening * (c.count >= 2 || opening > 1 ? 1 : 0.3) }
    })
    .sort((a, b) => b.score - a.score || (a.c.key < b.c.key ? -1 : 1))

/**
 * One label per topic (sentences of each topic given apart), distinct across
 * topics. `names` are the speakers' names, never a label alone.
 */
export const topicLabels = (
  topics: ReadonlyArray<ReadonlyArray<Sentence>>,
  weights: TermWeights,
  speakers: ReadonlyArray<string>,
): string[] => {
  const names = new Set(speakers.flatMap((s) => s.toLowerCase().split(/[^a-z\u00C0-\u024F]+/)).filter((w) => w.length > 1))
  const per: TopicTalk[] = topics.map((ss, i) => {
    const stems = new Map<string, number>()
    for (const x of ss) for (const t of x.terms) stems.set(t, (stems.get(t) ?? 0) + 1)
    // the first topic opens with greetings, the others with their subject
    const opening = new Set(i === 0 ? [] : collect(ss.slice(0, 2).map((x) => x.text), names).keys())
    return { candidates: collect(ss.map((x) => x.text), names), stems, opening }
  })
  const allStems = new Map<string, number>()
  for (const m of per) for (const [t, k] of m.stems) allStems.set(t, (allStems.get(t) ?? 0) + k)
  const all = new Map<string, Candidate>()
  for (const m of per)
    for (const c of m.candidates.values()) {
      const a = all.get(c.key)
      if (a) a.count += c.count
      else all.set(c.key, { ...c, surfaces: new Map() })
    }
  const spelled = spellings(topics.flatMap((ss) => ss.map((s) => s.text)))
  const taken = new Set<string>()
  const labels = new Set<string>()
  return per.map((mine) => {
    const ranked = rank(mine, all, allStems, weights).filter((s) => !taken.has(s.c.key))
    const phrases = ranked.filter((s) => s.c.words >= 2)
    const words = ranked.filter((s) => s.c.words === 1)
    let label: string
    let keys: string[]
    const best = phrases[0]
    if (best !== undefined && (words[0] === undefined || best.score >= 0.25 * words[0].score)) {
      label = mostFrequent(best.c.surfaces)
      keys = [best.c.key]
      // a short phrase joined by a second subject of the same topic said about as much
      const second = phrases.find((s) => s !== best && !s.c.stems.some((x) => best.c.stems.includes(x)))
      if (second && best.c.words + second.c.words <= 4 && second.c.count >= 2 && second.score >= 0.75 * best.score) {
        label = `${label} and ${mostFrequent(second.c.surfaces)}`
        keys.push(second.c.key)
      }
    } else if (words.length >= 2) {
      label = `${mostFrequent(words[0]!.c.surfaces)} and ${mostFrequent(words[1]!.c.surfaces)}`
      keys = [words[0]!.c.key, words[1]!.c.key]
    } else if (words.length === 1) {
      label = `${mostFrequent(words[0]!.c.surfaces)} discussion`
      keys = [words[0]!.c.key]
    } else {
      label = 'General discussion'
      keys = []
    }
    for (const k of keys) taken.add(k)
    let final = heading(label, spelled)
    for (let i = 2; labels.has(final.toLowerCase()); i++) final = `${heading(label, spelled)} (${i})`
    labels.add(final.toLowerCase())
    return final
  })
}
