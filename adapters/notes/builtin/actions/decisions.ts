/**
 * Decisions: what the meeting agreed on ("we decided to ship on May 2nd",
 * "let's go with the blue design", "Ana agreed to cover the weekend shifts").
 * Rules, like the action items: a cue phrase that states an agreement, in a
 * sentence that neither asks ("did we decide …?"), denies ("we haven't
 * decided yet") nor supposes ("if we agree on …"); and, across turns, what
 * the group takes up: a proposal answered "Agreed." or "Works for me", a
 * choice in a few words ("January it is"), a chair's statement after a call
 * for consent. Regexes are compiled once; each sentence looks back at most
 * one turn.
 */
import type { Decision } from '../../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { NAME } from './action-cues.js'
import { cleanSentence } from '../text/clean.js'
import { contentTerms } from '../text/terms.js'

export interface DecisionSentence {
  readonly speaker: string
  /** The sentence as spoken. */
  readonly raw: string
  /** The sentence already cleaned, when the caller has it. */
  readonly text?: string
  /** Index of its utterance in the transcript. */
  readonly utterance: number
}

/** The group or the speaker agrees: "we decided", "let's go with", "the decision is". */
const CUE = new RegExp(
  String.raw`\b(?:(?:we|we've|we have|we all|we both|everyone|everybody|the team|I|I've|I have)\s+(?:all\s+|just\s+|finally\s+|now\s+)?(?:decided|agreed|settled on|chose|went with)|` +
    String.raw`(?:it's|it is|that's|that is) (?:agreed|decided|settled)|the (?:final )?decision (?:is|was)|we(?:'ll| will| are going to|'re going to|'re gonna)? go with|` +
    String.raw`we're going with|we are going with|let's (?:go with|stick with|settle on)|let us go with|(?:so |okay |ok )agreed(?=,)|^agreed(?=\s*:)|agreed(?=,\s*we\b)|decision made|our decision is|` +
    // spoken forms: "Decision: we hire Priya", "let's agree: ...", "resolved: ...", "that's unanimous", "so we go with ..."
    String.raw`decision(?=\s*[:,-])|decision is|decision then|we (?:approve|adopt|accept)\b|let's (?:agree|decide|resolve)|let us (?:agree|decide|resolve)|resolve to|resolved(?=\s*[:,])|we(?:'re| are) (?:all )?agreed|` +
    String.raw`(?:that's|that is|it's) unanimous|motion (?:is )?(?:carried|passed)|(?:that's|it's) carried|(?:so|then|okay so|ok so) we(?:'ll)? go with|I propose we go with|` +
    String.raw`to confirm,? we|the (?:sprint |quarter's |team's )?goal is(?=\s*:)|(?:take|approve|accept) (?:those|them|the minutes) as (?:an |a )?(?:accurate|true|correct) record|` +
    // said in ASR lower case or without a colon: "ok decision we drop ...", "decision on corrections: ...", "we'll bring the decision forward: ...", "decided then: ...", "so we agree: ..."
    String.raw`(?:^|(?:ok|okay|so|right|righto|yeah|yes)[\s,]+)decision(?= (?:we|we're|were|the|is|then)\b)|decision(?! (?:\w+ )*?(?:to make|to take|need|needs|pending|still|open))(?: [\w'-]+){1,5}\s*:|decided(?: then)?(?=\s*[:,])|we agree(?=\s*:)|agreed so(?=,)|` +
    // a choice or a refusal stated as settled: "we're going for the workshop", "we're keeping the widget", "the answer is no", "we're not renewing"
    String.raw`we(?:'re| are) going for|we(?:'re| are) (?:making|extending) (?:\w+ )?an offer|(?:we're|we are|we'll|we will|so we|then we) keep(?:ing)?(?= \w)(?! (?:an eye|you|them|it\b|going|in touch|track|posted|trying|in mind|that in mind|on\b|an ear))|` +
    String.raw`^(?:(?:so|then|okay|ok|right|well|fine|and)[\s,]+)*the answer(?:'s| is) (?:no|yes)|` +
    String.raw`we(?:'re| are) not (?:renewing|going ahead|proceeding|pursuing|continuing|extending|raising|hiring|moving forward)|we (?:won't|will not) (?:be )?renew(?:ing)?|` +
    // "let's" with a verb that settles something; idioms and meeting logistics ("let's keep going", "let's move on", "let's not worry") are not
    String.raw`let's (?:go(?= (?:local|remote|hybrid|virtual)\b)|go ahead with|keep(?= \w)(?! (?:going|moving|in touch|an eye|it (?:short|brief|simple|quick)|to time|track|that in mind|in mind|on\b))|leave (?!it there|it at that|that there|that with|it with)[^.]{1,40} out|` +
    String.raw`drop|scrap|cancel|postpone|defer|shelve|hold off|move (?!on\b|forward|along)[\w' -]{1,40} (?:to|into) (?:q\d|next|the|\w+day|january|february|march|april|may|june|july|august|september|october|november|december)|` +
    String.raw`not(?= \w)(?! (?:get|worry|go|forget|rush|panic|dwell|overthink|bother|spend|waste|argue|be\b|do that again))))(?![\w'])`,
  'i',
)

/** A named person agrees: "Ana agreed to …", "Ben and Chloe decided …" (names are capitalised, so case counts). */
const NAMED = new RegExp(String.raw`\b(${NAME}(?: and ${NAME})?) (?:has |have |finally |both )?(?:decided|agreed)\b`)

/** Putting a subject off as the outcome: "Then it waits.", "So the upgrade waits until next sprint." (the raw words: cleaning drops the "so"). */
const DEFERRED = /^(?:(?:okay|ok|right|fine|yeah)[\s,.]+)*(?:so|then)[\s,]+(?:it|that|this|the [\w' -]{1,30}?) (?:waits|can wait|will have to wait|is parked|goes on hold)\b/i

/** Asking about a decision, denying one, supposing one or putting it off ("let's not open that today", "look again next term") is no decision. */
const NOT_DECIDED =
  /^(?:did|do|does|have|has|had|should|shall|could|can|would|will|are|is|were|was|if|unless|whether|when|once|until|maybe|perhaps)\b|\?\s*$|\b(?:not|n't|never|no one|nobody|yet to|haven't|hasn't|didn't|don't|undecided|not yet)\b[^.]*\b(?:decided?|agreed|decision|settled|go with)\b|\blet's not\b[^.]*\b(?<!for )(?:now|today|yet)\b|\b(?:look again|revisit|come back to (?:it|that|this))\b|\b(?:decided|agreed|decision|settled)\b[^.]*\b(?:yet|later|next time|offline)\b/i

/** The decision in one sentence, if it states one; `by` is the person the sentence names, else the speaker. */
export const decisionOf = (s: DecisionSentence, utterances: ReadonlyArray<Utterance>): Decision | null => {
  const text = s.text ?? cleanSentence(s.raw)
  if (text === '' || NOT_DECIDED.test(text)) return null
  const u = utterances[s.utterance]
  if (DEFERRED.test(s.raw.trim())) return { text, by: s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
  const named = NAMED.exec(text)
  const cue = named ?? CUE.exec(text)
  if (cue === null) return null
  // "that is agreed" alone carries no content: there must be words beyond the cue
  // ("let's go local" is whole: the cue holds the verb)
  const beyond = text.replace(cue[0], '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
  if ((beyond === '' ? 0 : beyond.split(' ').length) < (/^let's/i.test(cue[0]) ? 1 : 2)) return null
  return { text, by: named?.[1] ?? s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
}

/** A call for consent after a proposal: "Everyone happy?", "All those in favour?", "Is the board agreed?". */
const CONSENT_CHECK =
  /^(?:(?:so|okay|ok|and|then)[\s,]+)*(?:(?:is )?everyone (?:happy|okay|ok|fine|agreed|good|on board)(?: with that)?|all (?:those )?in favou?r|(?:is|are) (?:the board|we|everyone|we all) (?:agreed|happy|okay)|any objections|agreed|are we agreed|does everyone agree)\b[^.]*\?\s*$/i

/** The sentence said just before a call for consent, by the same speaker, states what is proposed for decision. */
const proposedBeforeConsent = (s: DecisionSentence, next: DecisionSentence | undefined, utterances: ReadonlyArray<Utterance>): Decision | null => {
  if (next === undefined || next.utterance !== s.utterance) return null
  const text = s.text ?? cleanSentence(s.raw)
  if (text === '' || /\?\s*$/.test(text) || text.split(/\s+/).length < 4) return null
  if (!CONSENT_CHECK.test(next.text ?? cleanSentence(next.raw))) return null
  const u = utterances[s.utterance]
  return { text, by: s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
}

/** "So are we all agreed? Then the budget is approved as presented.": what the chair says after calling for consent is decided. */
const statedAfterConsent = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Decision | null => {
  const text = s.text ?? cleanSentence(s.raw)
  if (text === '' || /\?\s*$/.test(text) || text.split(/\s+/).length < 4) return null
  for (let j = i - 1; j >= 0 && j >= i - 2 && sentences[j]!.utterance === s.utterance; j--) {
    const before = sentences[j]!.text ?? cleanSentence(sentences[j]!.raw)
    if (CONSENT_CHECK.test(before)) {
      const u = utterances[s.utterance]
      return { text, by: s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
    }
    if (before.split(/\s+/).length > 2) return null // only a short "Good." may come between
  }
  return null
}

/** "Let's do it." after a proposal: the proposal, said just before by the same speaker or in the turn before, is decided. */
const LETS_DO = /^(?:(?:yes|yeah|ok|okay|good|great|fine|right|so|then)[\s,.!]+)*let's do (?:it|that|this)\b/i

const GROUP_PROPOSAL = /\b(?:we could|we should|we can|what if we|how about|why don't we|maybe we|let's)\b/i

const proposalAgreed = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Decision | null => {
  const own = s.text ?? cleanSentence(s.raw)
  const cue = LETS_DO.exec(own)
  if (cue === null) return null
  const u = utterances[s.utterance]
  // "Let's do that, we buy the licence": the sentence says what is decided
  if (own.slice(cue[0].length).split(/\s+/).filter((w) => /\w/.test(w)).length >= 4)
    return { text: own, by: s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
  for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
    const p = sentences[j]!
    const text = p.text ?? cleanSentence(p.raw)
    if (text === '' || /\?\s*$/.test(text) || text.split(/\s+/).length < 4) continue
    if (p.utterance !== s.utterance && p.utterance !== s.utterance - 1) break
    // an offer taken ("I can pair with Yusuf." "Let's do that.") is an action item, not a decision
    if (p.utterance !== s.utterance && !GROUP_PROPOSAL.test(text)) break
    return { text, by: s.speaker, atMs: u === undefined ? null : u.start_ms, speaker: s.speaker }
  }
  return null
}

const textOf = (s: DecisionSentence): string => s.text ?? cleanSentence(s.raw)
const isQuestion = (text: string): boolean => /\?\s*$/.test(text)
const atOf = (utterances: ReadonlyArray<Utterance>, k: number): number | null => utterances[k]?.start_ms ?? null

/** A proposal the group can take up: "we could ...", "let's ...", "I propose we ...". */
const PROPOSES = /\b(?:we could|we should|what if we|how about|why don't we|maybe we|let's|I propose|I suggest|I'd suggest|my suggestion is|shall we)\b/i

/** Bare assent that settles what was just said: "Agreed.", "That's settled then.", "Decided." */
const SETTLED =
  /^(?:(?:yes|yeah|good|great|okay|ok|right|fine|so|then|all right|alright|thank you)[\s,.!]+)*(?:(?:that's|that is|it's|it is) )?(?:agreed|settled|decided|final|a deal|deal|carried|unanimous)(?: then)?(?:[.!]?$|,\s*([^.,;]{1,40}?)[.!]?$)/i

/** What the group may take up as its own: a proposal, or "we'll ..." said to the group. */
const PROPOSES_OR_WILL = (text: string): boolean => PROPOSES.test(text) || /\bwe(?:'ll| will|'re going to| are going to)\b/i.test(text)

/** Weak assent ("works for me", "sounds good") settles only a proposal asked as a question ("let's ... Tuesday?"). */
const ASSENT = /^(?:(?:yes|yeah|yep|sure|okay|ok|great|perfect|fine)[\s,.!]+)*(?:works for me|fine by me|sounds good|sounds like a plan|that works|perfect|yes|yeah|yep|sure)\b/i
const ASKED_PROPOSAL = /^(?:(?:so|okay|ok|then|and)[\s,]+)*(?:let's|shall we|how about|why don't we|should we)\b(?![^?]*\b(?:break|move on|get started|start|wrap up|call it|take five|share|record)\b)/i

/** The group's choice said in a few words after a proposal: "January it is.", "Fine, the blue one then." */
const CHOICE = new RegExp(
  String.raw`^(?:(?:okay|ok|fine|right|great|good|yes|yeah|noted|so|then|alright|perfect)[\s,.!]+)*` +
    String.raw`(?:(?!(?:that|this|what|how|here|there|as|whatever|which|who|where|so|it|such)\b)([\w'-]+(?: [\w'-]+){0,3}) it is|` +
    String.raw`((?:the|option|plan) [\w' -]{1,25}) then)[.!]?$`,
  'i',
)

interface Found {
  readonly decision: Decision
  /** Sentence index of the proposal a choice takes up ("January it is"): the text is that proposal's, not the choice's. */
  readonly settles?: number
}

/** The last sentence of the turn before (by someone else) that proposes, optionally sharing a word with `about`. */
const proposalBefore = (i: number, sentences: ReadonlyArray<DecisionSentence>, about?: string): number | null => {
  const here = sentences[i]!
  const words = (about ?? '').toLowerCase().split(/\W+/).filter((w) => w.length > 2 && !/^(?:the|one|then)$/.test(w))
  let fallback: number | null = null
  for (let j = i - 1; j >= 0; j--) {
    const p = sentences[j]!
    if (p.utterance === here.utterance) continue
    if (p.utterance !== here.utterance - 1 || p.speaker === here.speaker) break
    const text = textOf(p)
    if (text === '' || isQuestion(text) || text.split(/\s+/).length < 4) continue
    if (!PROPOSES_OR_WILL(text)) continue
    if (words.some((w) => text.toLowerCase().includes(w))) return j
    if (fallback === null && PROPOSES.test(text)) fallback = j
  }
  return fallback
}

/** A bare assent settles a statement just before by the same speaker, or a proposal in the turn before by someone else. */
const settledBefore = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Found | null => {
  const m = SETTLED.exec(textOf(s))
  if (m === null) return null
  // "We'll present at the retreat. That's settled." / "... Is everyone content? Good, that's agreed."
  for (let j = i - 1; j >= 0 && j >= i - 2 && sentences[j]!.utterance === s.utterance; j--) {
    const text = textOf(sentences[j]!)
    if (isQuestion(text) || SETTLED.test(text)) continue
    if (text.split(/\s+/).length < 4) break
    return { decision: { text, by: s.speaker, atMs: atOf(utterances, s.utterance), speaker: s.speaker } }
  }
  // "That's carried, then. The budget is approved as presented." (a bare "Agreed." agrees with the one before, not with what follows)
  const next = sentences[i + 1]
  if (/\b(?:that's|that is|it's|it is|carried|unanimous)\b/i.test(m[0]) && next?.utterance === s.utterance && !isQuestion(textOf(next)) && textOf(next).split(/\s+/).length >= 4)
    return { decision: { text: textOf(next), by: s.speaker, atMs: atOf(utterances, s.utterance), speaker: s.speaker } }
  // "We could cap the test at two weeks." "Agreed." – the decision is the proposal, where it was said
  if (sentences[i - 1]?.utterance === s.utterance) return null
  const j = proposalBefore(i, sentences, m[1])
  if (j === null) return null
  const p = sentences[j]!
  return { decision: { text: textOf(p), by: p.speaker, atMs: atOf(utterances, p.utterance), speaker: p.speaker } }
}

/** "Let's put the demo in for next Tuesday?" answered "Works for me." by someone else is decided. */
const askedAndAssented = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Found | null => {
  const text = textOf(s)
  const next = sentences[i + 1]
  if (next === undefined || next.utterance !== s.utterance + 1 || next.speaker === s.speaker) return null
  if (!isQuestion(text) || text.split(/\s+/).length < 4 || !ASKED_PROPOSAL.test(text) || !ASSENT.test(textOf(next))) return null
  return { decision: { text, by: s.speaker, atMs: atOf(utterances, s.utterance), speaker: s.speaker } }
}

/** "January it is." after "Let's push the influencers to January": the proposal, decided at the choice. */
const choiceMade = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Found | null => {
  const m = CHOICE.exec(textOf(s))
  if (m === null) return null
  const j = proposalBefore(i, sentences, m[1] ?? m[2])
  if (j === null) return null
  return { decision: { text: textOf(sentences[j]!), by: s.speaker, atMs: atOf(utterances, s.utterance), speaker: s.speaker }, settles: j }
}

/** "Do we unpause now, or wait for the fix?" answered "We wait for the fix.": the answer picks one of the options asked. */
const WHICH_WAY = /^(?:(?:so|okay|ok|and)[\s,]+)*(?:do|should|shall) we\b[^?]*\bor\b[^?]*\?\s*$/i
const WE_DO = /^(?:(?:so|okay|ok|right|no|yes|yeah)[\s,.]+)*we(?:'ll| will)? ([a-z]+)\b/i

const optionChosen = (s: DecisionSentence, i: number, sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Found | null => {
  const before = sentences[i - 1]
  if (before === undefined || before.utterance !== s.utterance - 1 || before.speaker === s.speaker) return null
  const text = textOf(s)
  const verb = WE_DO.exec(text)?.[1]?.toLowerCase()
  const asked = textOf(before).toLowerCase()
  if (verb === undefined || /^(?:could|should|might|may|can|would|have|had|do|did|are|were|need|know|think)$/.test(verb) || !WHICH_WAY.test(asked)) return null
  // the verb of the answer is one the question offered ("... or wait for the fix?")
  if (!asked.slice(asked.search(/\bwe\b/) + 3).split(/[^a-z']+/).includes(verb)) return null
  return { decision: { text, by: s.speaker, atMs: atOf(utterances, s.utterance), speaker: s.speaker } }
}

const found = (d: Decision | null): Found | null => (d === null ? null : { decision: d })

/** Decisions of a whole transcript, in order; the same sentence said twice is kept once. */
export const findDecisions = (sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Decision[] => {
  const out: Decision[] = []
  const seen = new Set<string>()
  for (const [i, s] of sentences.entries()) {
    const hit =
      found(decisionOf(s, utterances)) ??
      found(proposedBeforeConsent(s, sentences[i + 1], utterances)) ??
      found(proposalAgreed(s, i, sentences, utterances)) ??
      found(statedAfterConsent(s, i, sentences, utterances)) ??
      choiceMade(s, i, sentences, utterances) ??
      askedAndAssented(s, i, sentences, utterances) ??
      optionChosen(s, i, sentences, utterances) ??
      settledBefore(s, i, sentences, utterances)
    if (hit === null) continue
    // "It waits." says little alone: the speaker's next sentence says what follows from it
    const next = sentences[i + 1]
    const f: Found =
      hit.decision.text.split(/\s+/).length < 4 && hit.settles === undefined && next?.utterance === s.utterance && !isQuestion(textOf(next))
        ? { decision: { ...hit.decision, text: `${hit.decision.text} ${textOf(next)}` } }
        : hit
    // one utterance that says the same decision twice ("Let's keep the 20th. Decision: we launch on the 20th.",
    // "I propose we go with Hallam. Thank you, that's unanimous.") gives one decision, the fuller wording
    const last = out[out.length - 1]
    if (last !== undefined && last.atMs === f.decision.atMs && last.speaker === f.decision.speaker && f.settles === undefined) {
      const terms = contentTerms(f.decision.text)
      const lastTerms = new Set(contentTerms(last.text))
      if (terms.length <= 2 || terms.some((t) => lastTerms.has(t))) {
        if (f.decision.text.length > last.text.length) out[out.length - 1] = f.decision
        continue
      }
    }
    const key = f.decision.text.toLowerCase()
    // a proposal already decided is not decided again by the choice that takes it up
    if (seen.has(key)) continue
    seen.add(key)
    out.push(f.decision)
  }
  return out
}
