/**
 * A sentence of the meeting as it stands in minutes: rewritten in the third
 * person and set in a reporting frame ("Bob explained that ...", "Ana
 * suggested that ...", "The group decided to ..."), told in the past as
 * minutes are ("explained that the screen was ready").
 */
import { isCompleteStatement } from '../text/clean.js'
import type { MeetingVoices } from '../text/meeting-voices.js'
import type { Sentence } from '../text/sentences.js'
import type { SpokenName } from '../text/speaker-names.js'
import { thirdPerson, type Note } from './third-person.js'

const capitalise = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1))

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

export interface NoteSentence {
  readonly sentence: Sentence
  readonly note: Note
  /** The note in its reporting frame, as it stands in the summary. */
  readonly framed: string
}

/** A sentence as a framed note; `mentioned` tracks who was already named in full. */
export const framedNote = (
  s: Sentence,
  voices: MeetingVoices,
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
export const writableAsNote = (voices: MeetingVoices) => (s: Sentence): boolean =>
  !SECOND_PERSON.test(s.text) || voices.addresseeOf(s) !== undefined

