/**
 * The summaries written as notes. The detailed summary opens with what the
 * meeting was about, then takes each topic in order: its label and its key
 * points in the third person, each in a reporting frame a minute-taker uses
 * ("Bob explained that ...", "Ana suggested that ...", "The group decided
 * ..."), told in the past as minutes are. The short summary names the
 * subjects and the outcome (a decision, else a commitment).
 */
import type { Decision, DraftActionItem } from '../../src/core/domain/notes.js'
import { isCompleteStatement } from './clean.js'
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
    const lower = first.toLowerCase()
    return !STOP_WORDS.has(lower) && /^[A-Z]/.test(cased.get(lower) ?? 'x') ? s : s[0]!.toLowerCase() + s.slice(1)
  }

/** Reported speech moves the auxiliaries back: "the screen is ready" → "explained that the screen was ready". */
const BACKSHIFT: Record<string, string> = {
  is: 'was', are: 'were', am: 'was', will: 'would', can: 'could', has: 'had', have: 'had', does: 'did', do: 'did',
  "isn't": "wasn't", "aren't": "weren't", "won't": "wouldn't", "can't": "couldn't", "doesn't": "didn't", "don't": "didn't",
  "hasn't": "hadn't", "haven't": "hadn't", "it's": 'it was', "that's": 'that was', "there's": 'there was',
}
/** After these "have" and "do" are infinitives, not tensed: "didn't have", "to do". */
const UNTENSED_AFTER = /(?:\bto|\bgonna|\bwanna|\bgotta|\blet|\bdid|n't|\bwould|\bcould|\bshould|\bmight|\bmust|\bwill|\bcan|\bmay|\bnot|'d|'ll)\s+$/i
export const backshift = (s: string): string =>
  s.replace(/\b(?:is|are|am|will|can|has|have|does|do|isn't|aren't|won't|can't|doesn't|don't|hasn't|haven't|it's|that's|there's)\b/gi, (w, at: number) => {
    if (/^(?:have|do|has|does)$/i.test(w) && UNTENSED_AFTER.test(s.slice(Math.max(0, at - 12), at))) return w
    const to = BACKSHIFT[w.toLowerCase()] ?? w
    return w[0] === w[0]!.toUpperCase() ? capitalise(to) : to
  })

/** The sentence proposes something: "we should", "let's", "maybe we could", "I suggest". */
const PROPOSAL = /^(?:(?:I think |maybe |perhaps |so )?(?:we|you) (?:should|could|might|ought to|need to|have to|must)\b|let's\b|let us\b|why don't we\b|how about\b|what if we\b|I (?:would )?(?:suggest|propose|recommend)\b)/i
const SUGGESTING = /^I (?:would )?(?:suggest|propose|recommend)(?: that)?\s+/i
const DECISION_LEAD = /^(?:agreed|decided|decision|it's decided|so decided|final decision)\s*[:,.-]\s*/i

/** "The group will hire Priya" → "The group decided to hire Priya"; anything else → "The group agreed that ...". */
const decisionFrame = (text: string, inner: (s: string) => string): string => {
  const m = /^The group (?:will|would|should|is going to|are going to|has to|needs to|must) (.+)$/.exec(text)
  return m !== null ? `The group decided to ${m[1]}` : `The group agreed that ${inner(backshift(text))}`
}

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
  // "Agreed, ..." and "Decision: ..." state the decision in their first word
  const stated = DECISION_LEAD.exec(s.text)
  const isDecision = decided || stated !== null
  const note = thirdPerson(s.text.replace(DECISION_LEAD, '').replace(SUGGESTING, ''), { name, ...(addressee === undefined ? {} : { addressee }) })
  const text = note.text
  const Name = capitalise(name)
  const inner = voices.inner
  let framed: string
  if (text === '') framed = ''
  else if (!isCompleteStatement(s.text)) framed = text
  else if (text.startsWith(Name) || /^The group (?:decided|agreed|settled|chose|went)\b/.test(text)) framed = text
  // "we decided to ..." carries its own verb: reported as said, not as "agreed that they decided"
  else if (isDecision && !/\b(?:decided|agreed|chose|settled)\b/i.test(text)) framed = decisionFrame(text, inner)
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
    // a proper noun as the meeting says it ("Canada", "PLP features") takes no article
    const given = phrase.split(' ')[0] ?? ''
    if (given === given.toLowerCase() && /^[A-Z]/.test(first)) return text
    // a written label ("Spring launch") reads inside the sentence in lowercase
    if (/^[A-Z][a-z]+$/.test(first) && !/^[A-Z]/.test(cased.get(first.toLowerCase()) ?? 'x')) return `the ${first.toLowerCase()}${text.slice(first.length)}`
    return /^[\d]/.test(first) || /^[A-Z]/.test(first) ? text : `the ${text}`
  }

/** A topic label as subjects: key phrases listed in it ("launch, pricing page") each, a written label whole. */
const labelSubjects = (label: string): string[] =>
  label === 'General discussion' ? [] : label.split(/,\s*/).map((p) => p.trim()).filter((p) => p !== '')

/**
 * Words the key points may take: the summary's target less the opening line and about twelve words for each topic
 * sentence (four at most), never under `minPoints`, so a meeting of many topics still gets its points.
 */
export const pointsBudget = (
  target: { readonly targetWords: number; readonly maxWords: number },
  ctx: Pick<SummaryContext, 'subjects' | 'labels'>,
  minPoints = 50,
): { targetWords: number; maxWords: number } => {
  const frame = 5 + ctx.subjects.reduce((a, p) => a + wordsIn(p) + 1, 0) + (ctx.labels.length > 1 ? 12 * Math.min(4, ctx.labels.length) : 0)
  return { targetWords: Math.max(minPoints, target.targetWords - frame), maxWords: Math.max(minPoints + 20, target.maxWords - frame) }
}

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
  // decisions with substance are key points whether or not the ranking chose them (two at most)
  const picked = new Set(chosen.map((s) => s.index))
  const decisionPoints = ctx.sentences.filter((s) => decided.has(s.text) && s.terms.length >= 3 && !picked.has(s.index)).slice(0, 2)
  const ordered = [...chosen, ...decisionPoints].sort((a, b) => a.index - b.index)
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
  // topics that gave no key point are still named, by their first subject
  const rest = [...new Set(topics.filter((t) => !withPoints.some((w) => w.label === t.label)).flatMap((t) => labelSubjects(t.label).slice(0, 1)))]
  if (ctx.spans.length > 1 && rest.length > 0) lines.push(`The group also discussed ${listed(rest.slice(0, 4).map(subject))}.`)
  return lines.length > 0 ? lines.join('\n') : ordered.map((s) => s.text).join(' ')
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
  // one commitment per owner, and only titles that read as a task (no "I", "my" or "you" left in them)
  const owners = new Set<string>()
  const owned = ctx.actionItems
    .filter((a) => a.owner !== null && wordsIn(a.title) >= 2 && wordsIn(a.title) <= 12 && !/\b(?:I|me|my|we|our|you|your)\b|'/i.test(a.title))
    .filter((a) => !owners.has(a.owner!) && owners.add(a.owner!) !== undefined)
    .slice(0, 2)
  if (owned.length === 0) return head
  const verbFirst = (t: string): string => (/^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t)
  // a title cut after "and" ("Run the load test and send") loses its dangling verb
  const task = (t: string): string => verbFirst(t).replace(/[.!]$/, '').replace(/\s+and \w+$/, '')
  const clauses = owned.map((a) => `${voices.names(a.owner!).short} will ${task(a.title)}`)
  return `${head} ${capitalise(listed(clauses))}.`
}
