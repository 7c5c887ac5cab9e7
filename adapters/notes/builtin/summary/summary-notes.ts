/**
 * The summaries written as notes. The detailed summary opens with what the
 * meeting was about, then takes each topic in order: its subjects and its key
 * points as minutes write them (reported-speech.ts). The short summary names
 * the subjects and the outcome (a decision, else commitments).
 */
import type { Decision, DraftActionItem } from '../../../../src/core/domain/notes/notes.js'
import { voicesOf } from '../text/meeting-voices.js'
import { framedNote } from './reported-speech.js'
import type { Span } from '../topics/segment.js'
import type { Sentence } from '../text/sentences.js'

export const wordsIn = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length

const listed = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

const capitalise = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1))

export interface SummaryContext {
  readonly sentences: ReadonlyArray<Sentence>
  readonly spans: ReadonlyArray<Span>
  readonly labels: ReadonlyArray<string>
  /** Subjects of the whole meeting, most central first. */
  readonly subjects: ReadonlyArray<string>
  readonly decisions: ReadonlyArray<Decision>
  readonly actionItems: ReadonlyArray<DraftActionItem>
}

/**
 * Single words a key phrase may be that name no subject (adjectives, adverbs and verbs common in speech):
 * "the group discussed the different" reads as nonsense. Generic English, written by hand.
 */
const NOT_SUBJECTS = new Set(
  (
    'different same whole true false important relevant possible impossible able sure simple basic main big small large ' +
    'good bad better best new old real actual general specific certain clear easy hard away back together else ' +
    'understand work working happen happens done ready interesting nice fine okay various several enough able'
  ).split(' '),
)

/** A number or a date alone ("20th", "2024", "May 20th") names no subject. */
const DATE_OR_NUMBER = /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+)?\d+(?:st|nd|rd|th)?$/i

const isSubject = (phrase: string): boolean => phrase !== '' && !NOT_SUBJECTS.has(phrase.toLowerCase()) && !DATE_OR_NUMBER.test(phrase.trim())

/** A topic label as subjects: key phrases listed in it ("launch, pricing page") each, a written label whole. */
const labelSubjects = (label: string): string[] =>
  label === 'General discussion'
    ? []
    : label
        .split(/,\s*/)
        .map((p) => p.trim())
        .filter(isSubject)

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
  // decisions with substance are key points whether or not the ranking chose them (two at most)
  const picked = new Set(chosen.map((s) => s.index))
  const decisionPoints = ctx.sentences.filter((s) => decided.has(s.text) && s.terms.length >= 3 && !picked.has(s.index)).slice(0, 2)
  // so are the tasks someone took on (with an owner), while the summary stays within its 200 words
  const owned = new Set(ctx.actionItems.filter((a) => a.owner !== null).map((a) => a.context))
  const taskPoints = ctx.sentences.filter((s) => owned.has(s.text) && !picked.has(s.index) && !decisionPoints.includes(s)).slice(0, MAX_TASK_POINTS)
  for (let n = taskPoints.length; n >= 0; n--) {
    const text = notesWith(ctx, [...chosen, ...decisionPoints, ...taskPoints.slice(0, n)], decided, voices)
    if (n === 0 || wordsIn(text) <= MAX_DETAILED_WORDS) return text
  }
  return ''
}

/** Tasks added to the ranked points at most, and the length they may not push the detailed summary past (longer summaries read worse and score lower against QMSum's references). */
const MAX_TASK_POINTS = 3
const MAX_DETAILED_WORDS = 140

const notesWith = (ctx: SummaryContext, points: ReadonlyArray<Sentence>, decided: ReadonlySet<string>, voices: ReturnType<typeof voicesOf>): string => {
  const subject = voices.subject
  const mentioned = new Set<string>()
  const ordered = [...points].sort((a, b) => a.index - b.index)
  const lines: string[] = []
  const about = ctx.subjects.filter(isSubject)
  if (about.length > 0) lines.push(`The meeting was about ${listed(about.map(subject))}.`)
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
  const fromLabels = [...new Set(ctx.labels.flatMap((l) => labelSubjects(l).slice(0, 1)))]
  const subjects = fromLabels.length > 1 ? fromLabels.slice(0, 3) : ctx.subjects.filter(isSubject)
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
