/**
 * Action items: a learned model (action-model.ts over action-features.ts)
 * decides which sentences fix a task, reading each in its dialogue; the hand
 * rules below then say what the task is, who owes it and by when:
 * - who commits ("I'll send ...") owns it; who is addressed ("Bob, can you
 *   ...") owns a request, and whoever accepts it in the next turn wins;
 * - a short acceptance ("Sure, will do") takes its task from the request in
 *   the turn before, and both turns are the item's sources;
 * - the same task said again is merged (action-merge.ts).
 */
import type { DraftActionItem } from '../../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { ANYONE_CUE, FIRST_PERSON, NAME, REQUEST, WE_CUE, baseForm, isWorkVerb } from './action-cues.js'
import { APPROVES, OFFER, TAKES_ON, acceptsTurn, refusesTurn, requestsWork, sentenceFeatures, vocativeOf, type TurnText } from './action-features.js'
import { mergeSameTasks, type FoundActionItem } from './action-merge.js'
import { actionProbability, committedActionModel, type ActionModel } from './action-model.js'
import { imperativeTitle, type TitlePeople } from './action-title.js'
import { decisionOf } from './decisions.js'
import { findDueDate, type DueDate } from './due-date.js'

type DueOf = (text: string) => DueDate | null
import { toSentences } from '../text/sentences.js'
import { contentTerms } from '../text/terms.js'

export type { FoundActionItem } from './action-merge.js'

/** A sentence of the transcript, tied to its utterance. */
export interface SpokenSentence {
  readonly utterance: number
  readonly speaker: string
  /** The sentence as spoken. */
  readonly raw: string
  /** The sentence cleaned of fillers and stutters. */
  readonly text: string
}

interface Match {
  readonly kind: 'commitment' | 'request' | 'delegation' | 'shared' | 'marker'
  readonly owner: string | null
  /** Where the work itself is worded, from the action verb on. */
  readonly task: string
}

const firstWord = (s: string): string => (s.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z'-]/g, '')

/** Words after "can you" or "I'll" that do not start a task ("I'll be there", "can you see it"). */
const NOT_TASK_VERBS = new Set(
  ('be have say think guess see hear know mean explain talk admit bet grant keep need want like love hate wait hope feel believe ' +
    'wonder imagine remember forget agree disagree understand tell repeat speak listen stay go come sit stand mind give leave ' +
    // a restart ("I'll, um- could someone ...") goes on with a modal, not a task
    'could would can should will shall might must may did does').split(' '),
)
/** A task begins with a verb: one that names work, or any plain verb-like word a cue frames ("I'll switch", "can you swap"). */
const startsTask = (task: string): boolean => {
  const w = firstWord(task)
  return isWorkVerb(w) || (/^[a-z]{3,}$/.test(w) && !NOT_TASK_VERBS.has(w) && !/(?:ed|ly|s)$/.test(w) && !/^(?:the|a|an|it|that|this|to|and|but|so|not|also|really|maybe)$/.test(w))
}

const NOT_A_PERSON = /^(?:the|us|me|you|everyone|everybody|all|today|now|this|that|next|later|them|him|her|team|later)$/i
const MARKER = /\b(?:action(?: items?| points?)?|to-?dos?|takeaways?|next steps?)\s*(?:for\s+(\w+)[^:]{0,40}?)?\s*[:-]\s*(.+)$/i
const MARKER_NAMED = new RegExp(`^(?:the )?(${NAME}|[A-Z]{2,5}),? (?:will|to|should|needs to|is going to|can|could)? ?(.+)$`)
const DELEGATE = new RegExp(`\\b(?:[Ll]et'?s|[Ll]et us) (?:have|get|ask) (${NAME}) (?:to )?([a-z].*)$`)
const THIRD = new RegExp(`(?:^|[,;]\\s*|\\band\\s)(${NAME}) (?:will|'ll|is going to|is gonna|agreed to|has agreed to|offered to) ([a-z].*)$`)
const READY = /\bI'll have (?:it|that|this|them|the \w+(?: \w+)?) (?:ready|done|finished|drafted|sorted)\b/i
const IF_YOU_COULD = /\bif (?:you|someone|somebody|anyone|one of you) (?:could|can|would|wouldn't mind|don't mind|has time to|have time to|get a chance to|gets a chance to)\s+(?:(?:just|please|maybe|also)\s+)*/i
/** An offer put as a question: "shall I take that?", "want me to chase them?" */
const OFFER_QUESTION = /\b(?:shall I|should I|want me to|do you want me to|would you like me to|I could|I can)\s+(?:(?:just|also|maybe)\s+)*/i
const PROPOSAL = /\b(?:we|I) (?:can|could)(?: also| maybe| just)?,?\s+/i
/** "Could someone make sure ...?": anyone is asked, in question order. */
const ASK_ANYONE = /\b(?:can|could|would|will) (?:someone|somebody|anyone|anybody|one of you)(?: please)?,?\s+(?:(?:just|please|maybe|also)\s+)*/i
/** An imperative that opens the sentence ("Just send me a short blurb"): the next speaker is asked. */
const IMPERATIVE = /^(?:(?:so|and|but|then|just|also|oh|okay|ok|right|well|please)\b[\s,]+)*(?=\w)/i
/** "the contract still has to be approved before the 30th", anywhere in the sentence. */
const IMPERSONAL = /(?:^|[,;:-]\s*|\b(?:so|and|but|then|also|okay|um|uh)\s+)((?:the |our |this |that |all the |each |every )?[\w.'-]+(?: [\w.'-]+){0,5}?),? (?:still )?(?:needs? to be|has to be|have to be|must be|should be|has yet to be|have yet to be|has got to be|needs? to get) (\w+)(.*)$/i
/** "the memory limit still needs raising". */
const NEEDS_DOING = /(?:^|[,;:-]\s*|\b(?:so|and|but|then|also|okay|um|uh)\s+)((?:the |our |this |that )?[\w.'-]+(?: [\w.'-]+){0,5}?) (?:still )?needs? (\w+ing)\b(.*)$/i

/** The rules' reading of a sentence: the kind of task and where its work is worded. */
export const matchOf = (sentence: string, speaker: string): Match | null => {
  const marker = MARKER.exec(sentence)
  if (marker !== null) {
    // lower-case transcripts name people in lower case: "action item for ethan"; the owner resolves to a speaker later
    const forName = marker[1] !== undefined && !NOT_A_PERSON.test(marker[1]) ? marker[1][0]!.toUpperCase() + marker[1].slice(1) : null
    const rest = marker[2]!
    const named = MARKER_NAMED.exec(rest)
    if (named !== null && isWorkVerb(firstWord(named[2]!))) return { kind: 'marker', owner: named[1]!, task: named[2]! }
    const mine = FIRST_PERSON.exec(rest)
    return { kind: 'marker', owner: mine !== null ? speaker : forName, task: mine !== null ? rest.slice(mine.index + mine[0].length) : rest }
  }
  const delegate = DELEGATE.exec(sentence)
  if (delegate !== null && isWorkVerb(firstWord(delegate[2]!))) return { kind: 'delegation', owner: delegate[1]!, task: delegate[2]! }
  for (const re of [REQUEST, IF_YOU_COULD]) {
    const request = re.exec(sentence)
    if (request === null) continue
    const task = sentence.slice(request.index + request[0].length)
    if (startsTask(task)) return { kind: 'request', owner: vocativeOf(sentence), task }
  }
  const anyoneAsked = ASK_ANYONE.exec(sentence)
  if (anyoneAsked !== null) {
    const task = sentence.slice(anyoneAsked.index + anyoneAsked[0].length)
    if (startsTask(task)) return { kind: 'request', owner: vocativeOf(sentence), task }
  }
  // "Just send me the blurb": a work verb in the imperative, with "me"/"us" as who receives it ("let me" commits)
  const imperative = IMPERATIVE.exec(sentence)
  if (imperative !== null) {
    const task = sentence.slice(imperative[0].length)
    if (isWorkVerb(firstWord(task)) && baseForm(firstWord(task)) === firstWord(task) && /^(?!let\b)\S+ (?:me|us)\b/i.test(task)) return { kind: 'request', owner: null, task }
  }
  const third = THIRD.exec(sentence)
  if (third !== null && isWorkVerb(firstWord(third[2]!))) return { kind: 'delegation', owner: third[1]!, task: third[2]! }
  const ready = READY.exec(sentence)
  if (ready !== null) return { kind: 'commitment', owner: speaker, task: ready[0].replace(/^I'll /i, '') }
  const offer = OFFER_QUESTION.exec(sentence)
  if (offer !== null && /\?\s*$/.test(sentence)) {
    const task = sentence.slice(offer.index + offer[0].length)
    if (startsTask(task)) return { kind: 'commitment', owner: speaker, task }
  }
  const mine = FIRST_PERSON.exec(sentence)
  if (mine !== null) {
    const task = sentence.slice(mine.index + mine[0].length)
    if (startsTask(task)) return { kind: 'commitment', owner: speaker, task }
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
  // "the contract still has to be approved": approve the contract
  // a proposal: "we can pin a comment with the link"; who proposed it owns it once it is approved
  const proposal = PROPOSAL.exec(sentence)
  if (proposal !== null) {
    const task = sentence.slice(proposal.index + proposal[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'shared', owner: null, task }
  }
  // "the contract still has to be approved": get the contract approved; "the memory limit still needs raising": raise the memory limit
  const need = IMPERSONAL.exec(sentence)
  if (need !== null && !/^(?:it|that|this|they|he|she|which|there)$/i.test(need[1]!)) {
    const subject = need[1]!.replace(/^(?:The|Our|This|That|All the|Each|Every)\b/, (d) => d.toLowerCase())
    return { kind: 'shared', owner: null, task: `get ${subject} ${need[2]}${need[3]}` }
  }
  const doing = NEEDS_DOING.exec(sentence)
  if (doing !== null && isWorkVerb(baseForm(doing[2]!)) && !/^(?:it|that|this|they|he|she|which|there)$/i.test(doing[1]!)) {
    const subject = /^(?:the|our|this|that) /i.test(doing[1]!) ? doing[1]! : `the ${doing[1]}`
    return { kind: 'shared', owner: null, task: `${baseForm(doing[2]!)} ${subject}${doing[3]}` }
  }
  return null
}

/** "..., Dev, you could do the diagram?": a request to a named person inside a longer sentence. */
const YOU_COULD = new RegExp(`\\b(${NAME}),\\s+(?:you (?:could|can|might|should|would)|would you|could you|can you)\\s+(?:(?:just|please|maybe|also)\\s+)*`)

/** The request in a sentence that may also commit the speaker: what the next turn's acceptance takes on. */
const requestPartOf = (sentence: string, speaker: string): Match | null => {
  const named = YOU_COULD.exec(sentence)
  if (named !== null) {
    const task = sentence.slice(named.index + named[0].length)
    if (isWorkVerb(firstWord(task))) return { kind: 'request', owner: named[1]!, task }
  }
  return matchOf(sentence, speaker)
}

/** The task of a sentence nobody's cue frames: its words from the first work verb on. */
const looseTask = (sentence: string): string | null => {
  const words = sentence.split(/\s+/)
  const i = words.findIndex((w) => {
    const bare = w.replace(/[^A-Za-z'-]/g, '').toLowerCase()
    return isWorkVerb(bare) && !/(?:ed|ing|s)$/.test(bare)
  })
  return i < 0 ? null : words.slice(i).join(' ')
}

/** A sentence as a task, without its opening discourse words ("So, um, okay, the sign-up sheet ..."). */
const plainTask = (sentence: string): string | null => {
  const t = sentence.replace(/^(?:(?:so|and|but|also|oh|okay|ok|right|well|yeah|yes|um|uh|great|cool)\b[\s,.!-]*)+/i, '')
  return contentTerms(t).length >= 2 ? t : null
}

/** "do it", "take that": a task without anything specific to act on. */
const isSpecific = (task: string): boolean =>
  contentTerms(task.split(/\s+/).slice(1).join(' ')).filter((t) => !/^(?:it|that|this|them|thing)$/.test(t)).length > 0

/** Verbs that say little about which task it is ("do the briefings" for "make sure they get the briefing"). */
const LIGHT_VERBS = new Set(['do', 'make', 'sure', 'get', 'take', 'send', 'sort', 'handl', 'look', 'check'])

/** "I'll do the briefings" after "could someone make sure they get the safety briefing?": the next turn commits to the same work. */
const takesOnSameWork = (next: TurnText, task: string): boolean => {
  if (!TAKES_ON.test(next.rawLower)) return false
  const asked = new Set(contentTerms(task).filter((t) => !LIGHT_VERBS.has(t)))
  return contentTerms(next.text).some((t) => asked.has(t))
}

/** "Tom, can you …" names a speaker by first name: the owner is that speaker's full name when exactly one speaker has it. */
const speakerByFirstName = (speakers: Iterable<string>) => {
  const byFirst = new Map<string, Set<string>>()
  for (const speaker of speakers) {
    const first = speaker.split(/\s+/)[0]?.toLowerCase()
    if (first !== undefined && speaker.includes(' ')) byFirst.set(first, (byFirst.get(first) ?? new Set()).add(speaker))
  }
  const all = [...new Set(speakers)]
  return (owner: string): string => {
    if (all.includes(owner)) return owner
    // "Wei Ling" for Wei Ling Tan: a name that starts exactly one speaker's
    const lower = owner.toLowerCase()
    const matches = owner.includes(' ') ? new Set(all.filter((s) => s.toLowerCase().startsWith(`${lower} `))) : byFirst.get(lower)
    return matches?.size === 1 ? [...matches][0]! : owner
  }
}

/** Idioms built on action verbs: "I'll take that on board" promises no work. */
const IDIOM_TASK = /^(?:take (?:that|it|this|those|these|your \w+|the \w+) on board|take (?:those|them|that|it) as\b|push(?:ing)? back|bear (?:that|it|this) in mind|keep (?:that|it|this) in mind|think about it|sleep on it|play it by ear)\b/i

const RECAP = /^(?:(?:so|okay|ok|right|alright|just)[\s,]+)*(?:to (?:recap|sum up|summari[sz]e)|recap(?:ping)?\b|summing up|in summary|so the actions are|quick recap)/i

const TAKEN_BACK = /\b(?:kidding|joking|only joking|just kidding|not really|not seriously)\b/

const FOLLOW_UP_TAG = /\b(?:follow(?:ing)?[- ]up|get back|circle back|check (?:in|back)|send (?:out )?(?:the )?(?:notes|minutes|recap|summary))\b/i

/**
 * Every action item of a transcript with the utterances it was made from
 * (indices into `utterances`), one per task, in order of first mention.
 */
export const findActionItemsWithSources = (
  sentences: ReadonlyArray<SpokenSentence>,
  utterances: ReadonlyArray<Utterance>,
  startsAt: string,
  model: ActionModel = committedActionModel,
): FoundActionItem[] => {
  const turns = turnsOf(sentences, utterances.length)
  const bySpeakerFirst = speakerByFirstName(new Set(utterances.map((u) => u.speaker)))
  const found: FoundActionItem[] = []
  // chrono is the costly part: a turn read for its deadline by several items is read once
  const dues = new Map<string, DueDate | null>()
  const dueOf: DueOf = (text) => {
    let d = dues.get(text)
    if (d === undefined) dues.set(text, (d = findDueDate(text, startsAt)))
    return d
  }
  sentences.forEach((s, i) => {
    if (s.text === '') return
    const features = sentenceFeatures(dialogueOf(s, i, sentences, turns))
    if (actionProbability(model, features) < model.threshold) return
    const item = itemOf(s, features, sentences, turns, utterances, dueOf)
    if (item !== null) found.push({ ...item, item: { ...item.item, owner: item.item.owner === null ? null : bySpeakerFirst(item.item.owner) } })
  })
  return mergeSameTasks(found)
}

/** Action items only, for callers that need no sources. */
export const findActionItems = (
  sentences: ReadonlyArray<SpokenSentence>,
  utterances: ReadonlyArray<Utterance>,
  startsAt: string,
): DraftActionItem[] => findActionItemsWithSources(sentences, utterances, startsAt).map((f) => f.item)

/** Action items of utterances as they come (tests, tools). */
export const actionItemsOfUtterances = (utterances: ReadonlyArray<Utterance>, startsAt: string): FoundActionItem[] =>
  findActionItemsWithSources(toSentences(utterances), utterances, startsAt)

/** One spoken turn ("Yeah, sure.") as its sentences' cleaned text and its raw words, lower-cased. */
export const turnsOf = (sentences: ReadonlyArray<SpokenSentence>, count: number): Array<TurnText | null> => {
  const text: string[][] = Array.from({ length: count }, () => [])
  const raw: string[][] = Array.from({ length: count }, () => [])
  const speaker: string[] = new Array<string>(count).fill('')
  for (const s of sentences) {
    if (s.text !== '') text[s.utterance]!.push(s.text)
    raw[s.utterance]!.push(s.raw)
    speaker[s.utterance] = s.speaker
  }
  return text.map((t, u) => (raw[u]!.length === 0 ? null : { speaker: speaker[u]!, text: t.join(' '), rawLower: raw[u]!.join(' ').toLowerCase() }))
}

/** A sentence with the turns before and after it. */
export const dialogueOf = (s: SpokenSentence, i: number, sentences: ReadonlyArray<SpokenSentence>, turns: ReadonlyArray<TurnText | null>) => ({
  speaker: s.speaker,
  text: s.text,
  rawLower: s.raw.toLowerCase(),
  opensTurn: i === 0 || sentences[i - 1]!.utterance !== s.utterance,
  prev: turns[s.utterance - 1] ?? null,
  next: turns[s.utterance + 1] ?? null,
})

/** The sentence of a turn that asks for work, last one first ("Thanks. Ana, could you book it?"). */
/** Index of the first sentence of an utterance or of a later one (sentences are in utterance order). */
const firstSentenceOf = (sentences: ReadonlyArray<SpokenSentence>, utterance: number): number => {
  let lo = 0
  let hi = sentences.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sentences[mid]!.utterance < utterance) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The sentences of one utterance, in order. */
const sentencesOf = (sentences: ReadonlyArray<SpokenSentence>, utterance: number): SpokenSentence[] => {
  const out: SpokenSentence[] = []
  for (let j = firstSentenceOf(sentences, utterance); j < sentences.length && sentences[j]!.utterance === utterance; j++) out.push(sentences[j]!)
  return out
}

const requestIn = (all: ReadonlyArray<SpokenSentence>, utterance: number): { s: SpokenSentence; m: Match | null } | null => {
  const sentences = sentencesOf(all, utterance)
  let fallback: { s: SpokenSentence; m: Match | null } | null = null
  for (let j = sentences.length - 1; j >= 0; j--) {
    const s = sentences[j]!
    if (s.utterance < utterance) break
    if (s.utterance !== utterance || s.text === '') continue
    const m = requestPartOf(s.text, s.speaker)
    if (m !== null && m.kind !== 'commitment') return { s, m }
    if (fallback === null && (m !== null || requestsWork(s.text))) fallback = { s, m }
  }
  if (fallback !== null) return fallback
  // no cue: a question that names work ("The deck for Monday?"); a statement ("Monday, if I get the reservation") asks nothing
  for (let j = sentences.length - 1; j >= 0; j--) {
    const s = sentences[j]!
    if (s.utterance < utterance) break
    if (s.utterance === utterance && /\?\s*$/.test(s.text) && looseTask(s.text) !== null) return { s, m: null }
  }
  return null
}

/** The person a later sentence of the same turn asks for work ("Yes. Bridget, could you ...?"), if any. */
const delegateLaterInTurn = (s: SpokenSentence, sentences: ReadonlyArray<SpokenSentence>): string | null => {
  let after = false
  for (const o of sentencesOf(sentences, s.utterance)) {
    if (o === s) after = true
    else if (after && o.text !== '') {
      const m = requestPartOf(o.text, o.speaker)
      if (m !== null && m.kind === 'request' && m.owner !== null && m.owner !== s.speaker) return m.owner
    }
  }
  return null
}

/** A deadline said elsewhere in the same turn: "I can take the handover doc. Wednesday's fine." */
const dueInTurn = (s: SpokenSentence, sentences: ReadonlyArray<SpokenSentence>, dueOf: DueOf): DueDate | null => {
  for (const o of sentencesOf(sentences, s.utterance)) {
    if (o.utterance > s.utterance) break
    if (o.utterance === s.utterance && o !== s && o.text !== '') {
      const d = dueOf(o.text)
      if (d !== null) return d
    }
  }
  return null
}

const itemOf = (
  s: SpokenSentence,
  features: ReadonlyArray<string>,
  sentences: ReadonlyArray<SpokenSentence>,
  turns: ReadonlyArray<TurnText | null>,
  utterances: ReadonlyArray<Utterance>,
  dueOf: DueOf,
): FoundActionItem | null => {
  const prevTurn = turns[s.utterance - 1] ?? null
  const nextTurn = turns[s.utterance + 1] ?? null
  const has = (f: string): boolean => features.includes(f)
  const own = matchOf(s.text, s.speaker)
  // the model found a task: when no cue frames it, its words from the first work verb, else the sentence
  const ownTask = own?.task ?? looseTask(s.text) ?? (has('impersonal_need') || has('someone_needs') || has('marker') ? plainTask(s.text) : null)

  // an acceptance takes its task from the request before it, and its owner is who accepts
  if ((has('accept') || has('approve_after_offer')) && prevTurn !== null && prevTurn.speaker !== s.speaker && (ownTask === null || !isSpecific(ownTask) || own?.kind !== 'commitment')) {
    const asked = requestIn(sentences, s.utterance - 1)
    const askedTask = asked === null ? null : (asked.m?.task ?? looseTask(asked.s.text))
    if (asked !== null && askedTask !== null) {
      const due = dueOf(s.text) ?? dueInTurn(s, sentences, dueOf) ?? dueOf(asked.s.text)
      const task = ownTask !== null && isSpecific(ownTask) && own?.kind === 'commitment' ? ownTask : askedTask
      // "yes please" to "I could look into it": the one who offered owes it
      const approves = APPROVES.test(s.raw.trim().toLowerCase()) && !TAKES_ON.test(s.raw.toLowerCase())
      const offered =
        asked.m?.kind === 'commitment' ||
        (approves && (asked.m === null || asked.m.kind === 'shared') && OFFER.test(asked.s.text.toLowerCase()))
      // "Yes. Bridget, could you arrange a viewing?": who agrees and asks someone else in the same turn hands the work on
      const handedTo = own?.kind === 'commitment' ? null : delegateLaterInTurn(s, sentences)
      return {
        item: draft(task, offered ? prevTurn.speaker : (handedTo ?? s.speaker), due, asked.s.text, 'request', utterances[s.utterance - 1]!.start_ms, task === askedTask ? prevTurn.speaker : s.speaker, prevTurn.text),
        sources: [s.utterance - 1, s.utterance],
        framed: asked.m !== null && asked.m.kind !== 'shared',
      }
    }
  }
  // a recap restates tasks already given ("To recap: Lukas exports the icons, Fatima books the movers")
  if (ownTask === null || IDIOM_TASK.test(ownTask) || RECAP.test(s.text)) return null
  // a decision ("the sprint goal is: ...", "we'll go with the annual plan") is a decision, unless it also gives someone work
  if ((own === null || own.kind === 'shared') && decisionOf({ speaker: s.speaker, raw: s.raw, text: s.text, utterance: s.utterance }, utterances) !== null) return null
  // "Sure, draft agenda by Monday": who accepts or commits, even without "I"
  // a request is owned by who is asked, never by who asks ("I'll, um- could someone ...")
  let owner: string | null = own?.kind === 'request' ? own.owner : own?.owner ?? (has('i_will') || has('i_can') || has('i_need') || has('accept') || has('leave_it_with_me') ? s.speaker : null)
  const sources = [s.utterance]
  let due = dueOf(s.text) ?? dueInTurn(s, sentences, dueOf)
  const asks =
    has('who_can') ||
    has('someone_needs') ||
    has('impersonal_need') ||
    (own === null ? has('you_request') || has('if_you_could') : own.kind === 'request' || own.kind === 'shared' || own.kind === 'delegation' || own.kind === 'marker')
  // a request declined in the next turn is no task (nor is the decline)
  const explicitRequest = own?.kind === 'request' || has('you_request') || has('if_you_could') || has('vocative_request')
  if (explicitRequest && nextTurn !== null && nextTurn.speaker !== s.speaker && refusesTurn(nextTurn) && !acceptsTurn(nextTurn)) return null
  // whoever takes it on in the next turn owns it; "yes, do that" to a proposal leaves it with who proposed it
  // a joke taken back ("no, kidding") is no task
  if (nextTurn !== null && TAKEN_BACK.test(nextTurn.rawLower)) return null
  const approved = nextTurn !== null && nextTurn.speaker !== s.speaker && own?.kind === 'shared' && /\b(?:we|i) (?:could|can)\b/i.test(s.text) && APPROVES.test(nextTurn.rawLower.trim())
  if (approved) {
    owner = s.speaker
    sources.push(s.utterance + 1)
  } else if (
    asks &&
    nextTurn !== null &&
    nextTurn.speaker !== s.speaker &&
    (acceptsTurn(nextTurn) || (explicitRequest && takesOnSameWork(nextTurn, ownTask))) &&
    // a need nobody was asked about is owned by who takes it on, not by who merely agrees it matters
    (explicitRequest || own?.kind === 'marker' || has('who_can') || TAKES_ON.test(nextTurn.rawLower))
  ) {
    owner = nextTurn.speaker
    sources.push(s.utterance + 1)
    if (due === null) due = dueOf(nextTurn.text)
  } else if (owner === null && own?.kind === 'request' && /\byou\b/i.test(s.text) && prevTurn !== null && prevTurn.speaker !== s.speaker) {
    // "can you send it?" with no name: asked of whoever spoke last
    owner = prevTurn.speaker
  }
  // "I'll write it", "Do the figures": the task was named in the turn before
  let task = ownTask
  const ownTitle = imperativeTitle(ownTask)
  const vagueTitle = !ownTitle.includes(' ') || /^\S+ (?:it|that|this|them|those|one)\b(?! (?:the|a|an|our|my|your|their|some|two|three)\b)/i.test(ownTitle) || !isSpecific(ownTask)
  if (vagueTitle && prevTurn !== null && prevTurn.speaker !== s.speaker) {
    // the other speaker's own commitment is not what "I'll ask them" takes on ("You ask them, and I'll send the form"):
    // then the speaker's own offer just before it is ("I could ask Priya and Marco")
    let from = s.utterance - 1
    let asked = requestIn(sentences, from)
    if (asked?.m?.kind === 'commitment') {
      from = s.utterance - 2
      const before = turns[from] ?? null
      const mine = before !== null && before.speaker === s.speaker ? requestIn(sentences, from) : null
      asked = mine?.m?.kind === 'commitment' ? mine : null
    }
    const askedTask = asked === null ? null : (asked.m?.task ?? looseTask(asked.s.text))
    if (askedTask !== null && isSpecific(askedTask)) {
      task = askedTask
      if (!sources.includes(from)) sources.unshift(from)
    }
  }
  const kind = own === null ? (owner === s.speaker ? 'commitment' : 'request') : own.kind === 'commitment' ? 'commitment' : 'request'
  const framed = own !== null && own.kind !== 'shared'
  const said = task === ownTask ? s : { speaker: prevTurn?.speaker ?? s.speaker, text: prevTurn?.text ?? '' }
  return { item: draft(task, owner, due, s.text, kind, utterances[sources[0]!]!.start_ms, said.speaker, turns[s.utterance]?.text ?? s.text), sources, framed }
}

const first = (name: string): string => name.split(/\s+/)[0] ?? name

/** "me" is who said the task; "you" is its owner when someone else said it, else a name said in the turn ("Thank you, Thomas."). */
const peopleOf = (sayer: string, owner: string | null, turnText: string): TitlePeople => {
  const named = toSentences([{ start_ms: 0, end_ms: 1, speaker: sayer, text: turnText }])
    .map((x) => vocativeOf(x.text))
    .find((v) => v !== null)
  return { me: first(sayer), you: owner !== null && owner !== sayer ? first(owner) : (named ?? null) }
}

const draft = (
  task: string,
  owner: string | null,
  due: DueDate | null,
  context: string,
  kind: 'commitment' | 'request',
  atMs: number,
  sayer: string,
  turnText: string,
): DraftActionItem => ({
  title: imperativeTitle(task, due?.text, peopleOf(sayer, owner, turnText)),
  owner,
  due: due?.due ?? null,
  status: 'active',
  context,
  tags: [kind, ...(due !== null ? ['deadline'] : []), ...(FOLLOW_UP_TAG.test(context) ? ['follow-up'] : [])],
  atMs,
})

/** The action items of one sentence said on its own (tests, tools). */
export const actionItemOf = (s: { speaker: string; raw: string }, startsAt: string): DraftActionItem | null =>
  actionItemsOfUtterances([{ start_ms: 0, end_ms: 4000, speaker: s.speaker, text: s.raw }], startsAt)[0]?.item ?? null

