/**
 * The summaries written as notes. The detailed summary opens with what the
 * meeting was about, then takes each topic in order: its label and its key
 * points in the third person, each in a reporting frame a minute-taker uses
 * ("Bob explained that ...", "Ana suggested that ...", "The group decided
 * ..."), told in the past as minutes are. The short summary names the
 * subjects and the outcome (a decision, else a commitment).
 */
import type { Decision, DraftActionItem } from '../../src/core/domain/notes.js'
import type { Span } from './segment.js'
import type { Sentence } from './sentences.js'
import { speakerNames, type SpokenName } from './speaker-names.js'
import { thirdPerson, type Note } from './third-person.js'
import { STOP_WORDS } from './words.js'

export const wordsIn = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length

const listed = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

const capitalise = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1))

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
    return /^[A-Z]/.test(cased.get(first.toLowerCase()) ?? 'x') ? s : s[0]!.toLowerCase() + s.slice(1)
  }

/** Reported speech moves the auxiliaries back: "the screen is ready" → "explained that the screen was ready". */
const BACKSHIFT: Record<string, string> = {
  is: 'was', are: 'were', am: 'was', will: 'would', can: 'could', has: 'had', have: 'had', does: 'did', do: 'did',
  "isn't": "wasn't", "aren't": "weren't", "won't": "wouldn't", "can't": "couldn't", "doesn't": "didn't", "don't": "didn't",
  "hasn't": "hadn't", "haven't": "hadn't", "it's": 'it was', "that's": 'that was', "there's": 'there was',
}
/** After these "have" and "do" are infinitives, not tensed: "didn't have", "to do". */
const UNTENSED_AFTER = /(?:\bto|\bdid|n't|\bwould|\bcould|\bshould|\bmight|\bmust|\bwill|\bcan|\bmay|\bnot|'d|'ll)\s+$/i
export const backshift = (s: string): string =>
  s.replace(/\b(?:is|are|am|will|can|has|have|does|do|isn't|aren't|won't|can't|doesn't|don't|hasn't|haven't|it's|that's|there's)\b/gi, (w, at: number) => {
    if (/^(?:have|do|has|does)$/i.test(w) && UNTENSED_AFTER.test(s.slice(Math.max(0, at - 12), at))) return w
    const to = BACKSHIFT[w.toLowerCase()] ?? w
    return w[0] === w[0]!.toUpperCase() ? capitalise(to) : to
  })

/** The sentence proposes something: "we should", "let's", "maybe we could", "I suggest". */
const PROPOSAL = /^(?:(?:I think |maybe |perhaps |so )?(?:we|you) (?:should|could|might|ought to|need to|have to|must)\b|let's\b|let us\b|why don't we\b|how about\b|what if we\b|I (?:would )?(?:suggest|propose|recommend)\b)/i
const SUGGESTING = /^I (?:would )?(?:suggest|propose|recommend)(?: that)?\s+/i
const STATEMENT_VERBS = ['explained', 'said', 'noted', 'pointed out', 'mentioned']

export interface SummaryContext {
  readonly sentences: ReadonlyArray<Sentence>
  readonly spans: ReadonlyArray<Span>
  readonly labels: ReadonlyArray<string>
  /** Subjects of the whole meeting, most central first. */
  readonly subjects: ReadonlyArray<string>
  readonly decisions: ReadonlyArray<Decision>
  readonly actionItems: ReadonlyArray<DraftActionItem>
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

export interface NoteSentence {
  readonly sentence: Sentence
  readonly note: Note
  /** The note in its reporting frame, as it stands in the summary. */
  readonly framed: string
}

/** A sentence as a framed note; `mentioned` tracks who was already named in full. */
export const framedNote = (
  s: Sentence,
  voices: ReturnType<typeof voicesOf>,
  decided: boolean,
  turn: number,
  mentioned: Set<string>,
): NoteSentence => {
  const spoken: SpokenName = voices.names(s.speaker)
  const name = mentioned.has(s.speaker) ? spoken.short : spoken.full
  const addressee = voices.addresseeOf(s)
  const note = thirdPerson(s.text.replace(SUGGESTING, ''), { name, ...(addressee === undefined ? {} : { addressee }) })
  const text = note.text
  const Name = capitalise(name)
  const inner = voices.inner
  let framed: string
  if (text === '') framed = ''
  else if (text.startsWith(Name) || /^The group (?:decided|agreed|settled|chose|went)\b/.test(text)) framed = text
  else if (decided) framed = `The group agreed that ${inner(backshift(text))}`
  else if (PROPOSAL.test(s.text)) framed = `${Name} suggested that ${inner(text)}`
  else if (note.opinion) framed = `${Name} thought that ${inner(backshift(text))}`
  else framed = `${Name} ${STATEMENT_VERBS[turn % STATEMENT_VERBS.length]} that ${inner(backshift(text))}`
  if (framed !== '') mentioned.add(s.speaker)
  return { sentence: s, note, framed }
}

/** Words a sentence takes in the detailed summary once rewritten and framed (an estimate for the budget). */
export const noteCost = (s: Sentence): number => s.words + 3

const SECOND_PERSON = /\b(?:you|your|yours|yourself|you're|you've|you'll|you'd)\b/i

/** A sentence the summary can write as a note: its "you" names someone known, or it has none. */
export const writableAsNote = (voices: ReturnType<typeof voicesOf>) => (s: Sentence): boolean =>
  !SECOND_PERSON.test(s.text) || voices.addresseeOf(s) !== undefined

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
    if (/^[A-Z][a-z]/.test(first) && first.toLowerCase() !== phrase.split(' ')[0]) return text
    if (/^[A-Z][a-z]/.test(first)) return `the ${first.toLowerCase()}${text.slice(first.length)}`
    return /^\d/.test(first) ? text : `the ${text}`
  }

/** A topic label as subjects: key phrases listed in it ("launch, pricing page") each, a written label whole. */
const labelSubjects = (label: string): string[] =>
  label === 'General discussion' ? [] : label.split(/,\s*/).map((p) => p.trim()).filter((p) => p !== '')

/** Words the opening line and the topic sentences take, which the key points must leave room for. */
export const frameWords = (ctx: Pick<SummaryContext, 'subjects' | 'labels'>): number =>
  5 +
  ctx.subjects.reduce((a, p) => a + wordsIn(p) + 1, 0) +
  (ctx.labels.length > 1 ? ctx.labels.reduce((a, l) => a + 4 + labelSubjects(l).reduce((b, p) => b + wordsIn(p) + 1, 0), 0) : 0)

/** Where a topic stands in the meeting, as minutes tell it: "Firstly", "Then", "Finally". */
const connective = (i: number, n: number): string => (i === 0 ? 'Firstly, the' : i === n - 1 ? 'Finally, the' : 'Then the')

/**
 * The opening line ("The meeting was about the remote control, the buttons and the battery."), then one line per
 * topic in meeting order: a sentence naming its subjects ("Then the group discussed the support backlog.") and its
 * key points as framed notes. A meeting of one topic gets its points under the opening line.
 */
export const detailedNotes = (ctx: SummaryContext, chosen: ReadonlyArray<Sentence>, voices = voicesOf(ctx.sentences)): string => {
  const decided = new Set(ctx.decisions.map((d) => d.text))
  const subject = voices.subject
  const mentioned = new Set<string>()
  const ordered = [...chosen].sort((a, b) => a.index - b.index)
  const lines: string[] = []
  if (ctx.subjects.length > 0) lines.push(`The meeting was about ${listed(ctx.subjects.map(subject))}.`)
  let turn = 0
  const topics = ctx.spans.map((span, i) => ({ span, label: ctx.labels[i] ?? '' }))
  const withPoints = topics
    .map(({ span, label }) => ({
      label,
      points: ordered
        .filter((s) => s.utterance >= span.first && s.utterance <= span.last)
        .map((s) => framedNote(s, voices, decided.has(s.text), turn++, mentioned).framed)
        .filter((t) => t !== ''),
    }))
    .filter((t) => t.points.length > 0)
  withPoints.forEach(({ label, points }, i) => {
    const subjects = labelSubjects(label)
    if (ctx.spans.length === 1 || subjects.length === 0) lines.push(points.join(' '))
    else lines.push(`${connective(i, withPoints.length)} group discussed ${listed(subjects.map(subject))}. ${points.join(' ')}`)
  })
  return lines.join('\n')
}

/** "The group discussed the spring launch and the support backlog. Chloe will send the launch video." */
export const shortNotes = (ctx: SummaryContext, voices = voicesOf(ctx.sentences)): string => {
  // a label listing key phrases ("launch, pricing page") gives its first; a written label stays whole
  const fromLabels = [...new Set(ctx.labels.map((l) => l.split(/,\s*/)[0]!.trim()).filter((l) => l !== '' && l !== 'General discussion'))]
  const subjects = fromLabels.length > 1 ? fromLabels.slice(0, 3) : ctx.subjects
  const head = subjects.length === 0 ? 'The group met.' : `The group discussed ${listed(subjects.map(voices.subject))}.`
  // a decision with substance ("we decided to hire Priya"), not "that's what we decided"
  for (const decision of ctx.decisions) {
    const s = ctx.sentences.find((x) => x.text === decision.text)
    if (s === undefined || s.terms.length < 3) continue
    const framed = framedNote(s, voices, true, 0, new Set()).framed
    if (framed !== '' && wordsIn(framed) <= 30) return `${head} ${framed}`
  }
  const owners = new Set<string>()
  const owned = ctx.actionItems.filter((a) => a.owner !== null && !owners.has(a.owner) && owners.add(a.owner) !== undefined).slice(0, 2)
  if (owned.length === 0) return head
  const verbFirst = (t: string): string => (/^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t)
  const clauses = owned.map((a) => `${voices.names(a.owner!).short} will ${verbFirst(a.title).replace(/[.!]$/, '')}`)
  return `${head} ${capitalise(listed(clauses))}.`
}
