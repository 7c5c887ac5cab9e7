/**
 * The chat messages of each request: the whole meeting at once when it fits
 * (`single`), a part of it (`part`, the map step), or the notes of parts to be
 * merged (`merge` into the whole meeting's notes, `merge-part` into the notes
 * of a longer stretch when there are too many parts for one merge).
 */
import type { AnalysisInput } from '../../../src/core/ports/analyzer.js'
import type { NotesTemplate } from '../../../src/core/domain/notes/notes-template.js'
import type { PartAnswer } from './answer.js'

export type Message = { readonly role: 'system' | 'user' | 'assistant'; readonly content: string }
export type Mode = 'single' | 'part' | 'merge' | 'merge-part'

const RULES =
  'Action items: work someone will do after the meeting, committed to or requested and accepted (not ' +
  'logistics in the meeting, not ideas left open, not decisions). Title: a short task in the imperative, no ' +
  '"I\'ll", no fillers. Owner: the speaker for "I will", the addressee who accepts a request, the person named ' +
  'for it; else null. Due: YYYY-MM-DD resolved against the meeting start; else null. One item per task: a task ' +
  'said twice is one item, citing where it was first said. Decisions: what was agreed or decided, not proposals ' +
  'left open and not questions. Every action item, decision and topic cites the [time] of the transcript line it ' +
  'comes from, copied exactly as written there; never a time the material does not show. Do not invent ' +
  'anything that was not said.'

const SUMMARY =
  "shortSummary: one or two sentences naming the meeting's purpose and outcome. detailedSummary: 80 to 250 " +
  'words, topic by topic, in the third person with names ("Bob will run the load test by Friday"), no speaker ' +
  'prefixes, no fillers. topics: the subjects in the order discussed, each a noun phrase a person would write ' +
  'and the [time] it starts.'

const templateLine = (t: NotesTemplate): string => `This is a ${t.name} (template "${t.id}"). ${t.instructions}`

const task: Record<Mode, string> = {
  single: `Write the notes of the whole meeting from its transcript. ${SUMMARY}`,
  part:
    'The transcript is long, so you see one part of it. Write the notes of this part only: its topics, each a ' +
    'noun phrase with the [time] it starts and up to 6 key points in the third person with names; its action ' +
    'items; its decisions.',
  merge:
    'You are given the notes of consecutive parts of one meeting, in order. Merge them into the notes of the ' +
    `whole meeting. The same task in several parts is one action item citing the earliest [time]; keep every ` +
    `distinct item and decision with its [time] exactly as given; join a topic that runs across parts. ${SUMMARY}`,
  'merge-part':
    'You are given the notes of consecutive parts of one meeting, in order. Merge them into the notes of this ' +
    'stretch of the meeting: topics (a topic that runs across parts once, with the [time] it starts and up to 6 ' +
    'key points), one action item per task citing the earliest [time], every distinct decision, times exactly as given.',
}

export const systemPrompt = (mode: Mode, template: NotesTemplate): string =>
  `You write meeting notes a person would keep. Transcript lines read "[time] Speaker: words". ${templateLine(template)} ` +
  `${task[mode]} ${RULES} Answer only with JSON matching the schema.`

const EVIDENCE_HEAD =
  'Candidates from a rule-based pass (check each against the transcript: keep the real ones, correcting owner, ' +
  'due date and wording; drop the wrong ones; add what it missed):'

export interface Material {
  /** "Part 2 of 5, [20:01] to [40:12]", when the request sees a part of the meeting. */
  readonly where?: string
  readonly evidence?: ReadonlyArray<string>
  readonly transcript?: ReadonlyArray<string>
  /** Notes of parts, as `partNotesText` writes them. */
  readonly parts?: ReadonlyArray<string>
}

export const userPrompt = (input: AnalysisInput, m: Material): string =>
  [
    `Meeting: ${input.title}`,
    `Started: ${input.startsAt}`,
    ...(m.where === undefined ? [] : [m.where]),
    ...(m.evidence !== undefined && m.evidence.length > 0 ? ['', EVIDENCE_HEAD, ...m.evidence] : []),
    ...(m.transcript === undefined ? [] : ['', 'Transcript:', ...m.transcript]),
    ...(m.parts === undefined ? [] : ['', 'Notes of the parts:', ...m.parts]),
  ].join('\n')

/** The longest header a request can have, to budget the material against. */
export const WHERE_PLACEHOLDER = 'Part 9999 of 9999, [99:59:59] to [99:59:59]; notes 9999 to 9999 of 9999'

const q = (s: string): string => JSON.stringify(s.replace(/\s+/g, ' ').trim())

/** How much of a part's notes to write: all of it, or shorter when it would not fit a merge. */
interface Detail {
  readonly keyPoints: number
  /** Characters of each item's quote kept; 0 leaves the quote out. */
  readonly quote: number
}
const DETAILS: ReadonlyArray<Detail> = [
  { keyPoints: 6, quote: 400 },
  { keyPoints: 3, quote: 80 },
  { keyPoints: 1, quote: 0 },
]

const render = (label: string, a: PartAnswer, d: Detail): string =>
  [
    `${label}:`,
    ...a.topics.map((t) => `Topic ${q(t.label)} from [${t.start}]: ${t.keyPoints.slice(0, d.keyPoints).map((p) => p.trim()).join(' | ')}`),
    ...a.actionItems.map(
      (x) =>
        `Action item [${x.time}] ${q(x.title)} owner ${x.owner ?? 'unknown'}${x.due !== null ? ` due ${x.due}` : ''}` +
        (d.quote > 0 ? `; said: ${q(x.quote.slice(0, d.quote))}` : ''),
    ),
    ...a.decisions.map((d) => `Decision [${d.time}] ${q(d.text)}${d.by !== null ? ` by ${d.by}` : ''}`),
  ].join('\n')

/**
 * One part's notes as compact lines for a merge request, in at most
 * `maxChars` when it can be done by shortening key points and quotes (every
 * item and decision is kept; only a part with more of them than a merge can
 * hold comes out longer).
 */
export const partNotesText = (label: string, a: PartAnswer, maxChars = Infinity): string => {
  let text = ''
  for (const d of DETAILS) {
    text = render(label, a, d)
    if (text.length <= maxChars) return text
  }
  return text
}
