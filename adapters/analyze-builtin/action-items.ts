/**
 * Action items: commitments ("I'll send the deck by Friday"), requests
 * ("Maria, can you check with legal?"), delegations ("let's have Ana draft
 * it", "Ana will book the room") and explicit markers ("action item: ...").
 * Rules, not a model: a cue phrase must be followed by a verb that names work
 * to be done, and talk about the meeting itself ("let me share my screen")
 * does not count.
 */
import type { DraftActionItem } from '../../src/core/domain/notes.js'
import { cleanSentence } from './clean.js'
import { contentTerms } from './terms.js'
import { findDueDate } from './due-date.js'
import { imperativeTitle } from './action-title.js'
import { ANYONE_CUE, FIRST_PERSON, NAME, NOT_WORK, REQUEST, WE_CUE, isWorkVerb } from './action-cues.js'

export interface SpokenSentence {
  readonly speaker: string
  /** The sentence as spoken. */
  readonly raw: string
  /** The sentence already cleaned, when the caller has it; cleaned here otherwise. */
  readonly text?: string
}

/** Every cue contains one of these words; a sentence without any is skipped cheaply. */
const CUE_WORDS = /\b(?:i'll|i will|i'm|i am|i can|i could|i'd|i need|i have|i've|i must|i should|i promise|i plan|i intend|i volunteer|i offered|let|let's|we|we'll|we're|we've|you|please|someone|somebody|anyone|anybody|will|'ll|going|gonna|agreed|offered|action|to-?do|takeaway)\b/i

interface Match {
  readonly kind: 'commitment' | 'request' | 'delegation' | 'shared' | 'marker'
  readonly owner: string | null
  /** Where the work itself is worded, from the action verb on. */
  readonly task: string
}

const firstWord = (s: string): string => (s.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z'-]/g, '')

const vocative = (sentence: string): string | null => {
  const lead = new RegExp(`^(?:(?:ok(?:ay)?|so|and|hey|alright),?\\s+)?(${NAME}),\\s`).exec(sentence)
  if (lead !== null) return lead[1]!
  const tail = new RegExp(`,\\s*(${NAME})\\s*[?.!]*$`).exec(sentence)
  return tail?.[1] ?? null
}

const matchOf = (sentence: string, speaker: string): Match | null => {
  const marker = /\b(?:action items?|to-?do|takeaway)\s*(?:for\s+(\w+)\s*)?[:-]\s*(.+)$/i.exec(sentence)
  if (marker !== null) {
    const forName = marker[1] !== undefined && /^[A-Z]/.test(marker[1]) ? marker[1] : null
    const rest = marker[2]!
    // a person or a role in capitals: "Tom will ...", "the CEO to ..."
    const named = new RegExp(`^(?:the )?(${NAME}|[A-Z]{2,5}) (?:will|to|should|needs to|is going to) (.+)$`).exec(rest)
    if (named !== null) return { kind: 'marker', owner: named[1]!, task: named[2]! }
    const mine = FIRST_PERSON.exec(rest)
    return { kind: 'marker', owner: mine !== null ? speaker : forName, task: mine !== null ? rest.slice(mine.index + mine[0].length) : rest }
  }
  const delegate = new RegExp(`\\b(?:[Ll]et'?s|[Ll]et us) (?:have|get|ask) (${NAME}) (?:to )?([a-z].*)$`).exec(sentence)
  if (delegate !== null && isWorkVerb(firstWord(delegate[2]!))) return { kind: 'delegation', owner: delegate[1]!, task: delegate[2]! }
  const request = REQUEST.exec(sentence)
  if (request !== null) {
    const task = sentence.slice(request.index + request[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'request', owner: vocative(sentence), task }
  }
  const third = new RegExp(`(?:^|[,;]\\s*|\\band\\s)(${NAME}) (?:will|'ll|is going to|is gonna|agreed to|has agreed to|offered to) ([a-z].*)$`).exec(sentence)
  if (third !== null && isWorkVerb(firstWord(third[2]!))) return { kind: 'delegation', owner: third[1]!, task: third[2]! }
  const ready = /\bI'll have (?:it|that|this|them|the \w+(?: \w+)?) (?:ready|done|finished|drafted|sorted)\b/i.exec(sentence)
  if (ready !== null) return { kind: 'commitment', owner: speaker, task: ready[0].replace(/^I'll /i, '') }
  const mine = FIRST_PERSON.exec(sentence)
  if (mine !== null) {
    const task = sentence.slice(mine.index + mine[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'commitment', owner: speaker, task }
  }
  const anyone = ANYONE_CUE.exec(sentence)
  if (anyone !== null) {
    const task = sentence.slice(anyone.index + anyone[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'request', owner: null, task }
  }
  const ours = WE_CUE.exec(sentence)
  if (ours !== null) {
    const task = sentence.slice(ours.index + ours[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'shared', owner: null, task }
  }
  return null
}

/** A question about the past or a condition is not a commitment: "did you send it?", "if I send it". */
const isHypotheticalOrPast = (sentence: string): boolean =>
  /^(?:did|have|has|were|was|had)\b/i.test(sentence) || /^(?:if|unless|when|whether)\b/i.test(sentence)

/** "get to that", "look into it": a verb with nothing specific to act on is not a task anyone can track. */
const hasObject = (task: string): boolean => contentTerms(task.split(/\s+/).slice(1).join(' ')).length > 0

/** The action item in one sentence, if it holds one. */
export const actionItemOf = (s: SpokenSentence, startsAt: string): DraftActionItem | null => {
  if (!CUE_WORDS.test(s.raw)) return null
  const sentence = s.text ?? cleanSentence(s.raw)
  if (sentence === '' || isHypotheticalOrPast(sentence) || NOT_WORK.test(sentence)) return null
  const m = matchOf(sentence, s.speaker)
  if (m === null) return null
  const due = findDueDate(sentence, startsAt)
  // what "we" will or should do is talk, unless a date or a follow-up makes it a task; "let's" proposes one
  const proposes = /^let(?:'s| us)/i.test(sentence.slice(sentence.search(WE_CUE)))
  if (m.kind === 'shared' && !proposes && due === null && !/\bfollow[- ]up\b/i.test(m.task)) return null
  if (!hasObject(m.task)) return null
  const tags = [
    m.kind === 'commitment' ? 'commitment' : 'request',
    ...(due !== null ? ['deadline'] : []),
    ...(/\b(?:follow(?:ing)?[- ]up|get back|circle back|check (?:in|back)|send (?:out )?(?:the )?(?:notes|minutes|recap|summary))\b/i.test(sentence)
      ? ['follow-up']
      : []),
  ]
  return {
    title: imperativeTitle(m.task, due?.text),
    owner: m.owner,
    due: due?.due ?? null,
    status: 'active',
    context: sentence,
    tags,
  }
}

/** Action items of a whole transcript, in order; the same task said twice in a row is kept once. */
export const findActionItems = (sentences: ReadonlyArray<SpokenSentence>, startsAt: string): DraftActionItem[] => {
  const items: DraftActionItem[] = []
  const fullName = speakerByFirstName(sentences)
  for (const s of sentences) {
    const found = actionItemOf(s, startsAt)
    if (found === null) continue
    const item = found.owner === null ? found : { ...found, owner: fullName(found.owner) }
    const dup = items.some((x) => x.title.toLowerCase() === item.title.toLowerCase() && x.owner === item.owner)
    if (!dup) items.push(item)
  }
  return items
}

/** "Tom, can you …" names a speaker by first name: the owner is that speaker's full name when exactly one speaker has it. */
const speakerByFirstName = (sentences: ReadonlyArray<SpokenSentence>) => {
  const byFirst = new Map<string, Set<string>>()
  for (const { speaker } of sentences) {
    const first = speaker.split(/\s+/)[0]?.toLowerCase()
    if (first !== undefined && speaker.includes(' ')) byFirst.set(first, (byFirst.get(first) ?? new Set()).add(speaker))
  }
  return (owner: string): string => {
    const matches = owner.includes(' ') ? undefined : byFirst.get(owner.toLowerCase())
    return matches?.size === 1 ? [...matches][0]! : owner
  }
}
