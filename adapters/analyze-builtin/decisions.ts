/**
 * Decisions: what the meeting agreed on ("we decided to ship on May 2nd",
 * "let's go with the blue design", "Ana agreed to cover the weekend shifts").
 * Rules, like the action items: a cue phrase that states an agreement, in a
 * sentence that neither asks ("did we decide …?"), denies ("we haven't
 * decided yet") nor supposes ("if we agree on …").
 */
import type { Decision } from '../../src/core/domain/notes.js'
import type { Utterance } from '../../src/core/domain/utterance.js'
import { NAME } from './action-cues.js'
import { cleanSentence } from './clean.js'

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
    String.raw`we're going with|we are going with|let's (?:go with|stick with|settle on)|let us go with|(?:so |okay |ok )agreed(?=,)|agreed(?=,\s*we\b)|decision made|our decision is|` +
    // spoken forms: "Decision: we hire Priya", "let's agree: ...", "resolved: ...", "that's unanimous", "so we go with ..."
    String.raw`decision(?=\s*[:,-])|decision is|decision then|we (?:approve|adopt|accept)\b|let's (?:agree|decide|resolve)|let us (?:agree|decide|resolve)|resolve to|resolved(?=\s*[:,])|we(?:'re| are) (?:all )?agreed|` +
    String.raw`(?:that's|that is|it's) unanimous|motion (?:is )?(?:carried|passed)|(?:that's|it's) carried|(?:so|then|okay so|ok so) we(?:'ll)? go with|I propose we go with|` +
    String.raw`to confirm,? we|the (?:sprint |quarter's |team's )?goal is(?=\s*:)|(?:take|approve|accept) (?:those|them|the minutes) as (?:an |a )?(?:accurate|true|correct) record)(?![\w'])`,
  'i',
)

/** A named person agrees: "Ana agreed to …", "Ben and Chloe decided …" (names are capitalised, so case counts). */
const NAMED = new RegExp(String.raw`\b(${NAME}(?: and ${NAME})?) (?:has |have |finally |both )?(?:decided|agreed)\b`)

/** Asking about a decision, denying one, or supposing one is no decision. */
const NOT_DECIDED =
  /^(?:did|do|does|have|has|had|should|shall|could|can|would|will|are|is|were|was|if|unless|whether|when|once|until|maybe|perhaps)\b|\?\s*$|\b(?:not|n't|never|no one|nobody|yet to|haven't|hasn't|didn't|don't|undecided|not yet)\b[^.]*\b(?:decided|agreed|decision|settled|go with)\b|\b(?:decided|agreed|decision|settled)\b[^.]*\b(?:yet|later|next time|offline)\b/i

/** The decision in one sentence, if it states one; `by` is the person the sentence names, else the speaker. */
export const decisionOf = (s: DecisionSentence, utterances: ReadonlyArray<Utterance>): Decision | null => {
  const text = s.text ?? cleanSentence(s.raw)
  if (text === '' || NOT_DECIDED.test(text)) return null
  const named = NAMED.exec(text)
  const cue = named ?? CUE.exec(text)
  if (cue === null) return null
  // "that is agreed" alone carries no content: there must be words beyond the cue
  if (text.replace(cue[0], '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').length < 2) return null
  const u = utterances[s.utterance]
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

/** Decisions of a whole transcript, in order; the same sentence said twice is kept once. */
export const findDecisions = (sentences: ReadonlyArray<DecisionSentence>, utterances: ReadonlyArray<Utterance>): Decision[] => {
  const out: Decision[] = []
  const seen = new Set<string>()
  for (const [i, s] of sentences.entries()) {
    const d = decisionOf(s, utterances) ?? proposedBeforeConsent(s, sentences[i + 1], utterances) ?? proposalAgreed(s, i, sentences, utterances)
    if (d === null || seen.has(d.text.toLowerCase())) continue
    seen.add(d.text.toLowerCase())
    out.push(d)
  }
  return out
}
