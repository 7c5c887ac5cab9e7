/**
 * Features of one sentence in its dialogue, for the action-item model
 * (action-model.ts): what the sentence says (cue phrases, modality, person,
 * negation, question form, logistics and idioms) and what the turns around it
 * say (a request before it that it accepts or refuses, an answer after it).
 * Each feature is a name; the model weighs the names present. Regexes are
 * compiled once and, but for those that read names, run on lower-case text
 * without the case-folding flag, which is slower: a 3-hour meeting has
 * thousands of sentences.
 */
import { ANYONE_CUE, FIRST_PERSON, NAME, NOT_WORK, REQUEST, WE_CUE, isWorkVerb } from './action-cues.js'

/** A turn as the features read it: cleaned text and its raw wording, lower-cased. */
export interface TurnText {
  readonly speaker: string
  /** Cleaned text (fillers, stutters removed), original case. */
  readonly text: string
  /** Lower-cased raw text, fillers kept: openers such as "yeah, sure" live there. */
  readonly rawLower: string
}

export interface SentenceInDialogue {
  readonly speaker: string
  /** Cleaned sentence, original case. */
  readonly text: string
  /** Lower-cased raw sentence. */
  readonly rawLower: string
  /** First sentence of its turn: only there does "sure" answer the turn before. */
  readonly opensTurn: boolean
  /** The turn before (another utterance), if any. */
  readonly prev: TurnText | null
  /** The turn after, if any. */
  readonly next: TurnText | null
}

/** The sentence agrees to do what was asked. */
const ACCEPT_START =
  /^(?:(?:oh|ah|um|uh|well|yeah|yes|yep|yup|ok|okay|sure|right|alright|absolutely|definitely|of course|no problem|fine|cool|great|perfect|totally|happy to|for sure)\b[\s,.!-]*)+(?:i can|i will|i'll|will do|on it|can do|that works|sounds good|no problem|leave it|consider it|happy to|i'm on it|i've got|got it|i'll take|count me)?/
const ACCEPT_PHRASE =
  /\b(?:will do|on it|consider it done|i'll see what i can do|that's on me|that one's mine|that's mine|mine\b|me, i guess|i'll take (?:that|it) on(?! board)|leave it with me|leave that with me|that works|works for me|consider it done|happy to|i can do that|i can do it|i can take (?:that|it|this)|i'll take (?:that|it|this)(?! on board)|i'll do (?:that|it)|i'll handle (?:that|it)|i'll sort (?:that|it)|i've got (?:it|this|that)|count me in|can do|i'll get (?:that|it) done|no problem|sounds good|sure thing|you got it|i'll own (?:that|it)|i'm happy to|i'll look after)\b/
/** The sentence refuses: "I can't", "not this week", "no bandwidth". */
const REFUSE =
  /\b(?:i can't|i cannot|can't do|i couldn't|i won't be able|i'm not able|not able to|not this week|no bandwidth|don't have (?:the )?(?:bandwidth|time|capacity)|haven't got (?:the )?(?:bandwidth|time|capacity)|i'd rather not|(?:i'd|i would) (?:really |honestly |much )?rather not|not me|no,? sorry|sorry,? no|so no|i'll have to say no|have to say no|can't take (?:that|it|this)|can't do (?:that|it|this)|afraid not|i'm swamped|i'm slammed|too much on my plate|full plate|have to pass|i'll pass|i'm out|someone else|somebody else|not going to happen|no can do|that's a no|unfortunately not|not really|i don't think i can|i doubt i can|out of office|on leave|can't commit|won't commit|not in a position)\b/
const NO_START = /^(?:no|nope|nah|sorry|unfortunately|hmm|i wish)\b/

/** Approving someone's offer rather than taking the work: "yes please", "do that", "go ahead". */
export const APPROVES = /^(?:(?:oh|ah|yes|yeah|yep|ok|okay|sure|great|perfect|absolutely|good idea|nice|love it|lovely)\b[\s,.!]*)*(?:please|please do|yes please|do that|do it|go ahead|go for it|that'd be (?:great|ideal|helpful|amazing|perfect|lovely)|that would be (?:great|ideal|helpful)|sounds (?:good|great)|perfect|great|amazing|lovely|brilliant|ideal|thank you|thanks)\b/
/** Taking the work on, not only agreeing: "I'll do it", "leave it with me", "that's on me". */
export const TAKES_ON = /\b(?:i'll|i will|i can|i could|leave (?:it|that|this) with me|on it|on me|mine|i've got (?:it|this|that)|count me in|happy to|can do|will do|me, i guess|i'm on)\b/

/** Someone offers: "I could look into it", "we could restore the templates". */
export const OFFER = /\b(?:i could|i can|i'll|i will|we could|we can|happy to|want me to|shall i|should i)\b/

/** Asked to act: a request cue or "if you could ... that'd be". */
const IF_YOU_COULD = /\bif (?:you|someone|somebody|anyone|one of you) (?:could|can|would|wouldn't mind|don't mind|has time to|have time to|get a chance to|gets a chance to)\b/
const THATD_BE = /\b(?:that'd|that would|it'd|it would) be (?:great|ideal|good|perfect|lovely|amazing|helpful|brilliant|super|fantastic|ace)\b/
const WHO_CAN = /\b(?:who (?:can|could|will|wants to|is going to|would)|any (?:volunteers|takers)|can someone|could someone|can somebody|could somebody|can anyone|could anyone)\b/
const DELEGATE = new RegExp(String.raw`\b(?:[Ll]et's|[Ll]et us) (?:have|get|ask) ${NAME}\b`)
const THIRD_WILL = new RegExp(String.raw`(?:^|[,;]\s*|\band\s)${NAME} (?:will|'ll|is going to|is gonna|agreed to|has agreed to|offered to|to)\b`)
const MARKER = /\b(?:action(?: items?| points?)?|to-?dos?|takeaways?|next steps?|owner)\b\s*(?:for\s+\w+[^:]{0,40}?)?\s*[:-]/
const MARKER_FOR = /\b(?:action (?:item|point)s? for|over to|assigned to|owner is|owner:)\s/

const I_WILL = /\b(?:i'll|i will|i'm going to|i am going to|i'm gonna|i shall)\b/
const I_CAN = /\b(?:i can|i could|let me|i'd be happy to|i'm happy to)\b/
const I_NEED = /\b(?:i need to|i have to|i've got to|i must|i should|i ought to)\b/
const I_PAST = /\b(?:i|we) (?:already |just |actually )?(?:sent|did|finished|wrote|made|got|took|went|spoke|told|had|was|were|fixed|called|emailed|shared|updated|booked|checked|talked|reviewed|submitted|pushed|merged|closed|filed|finalized|finalised|(?![a-z]*eed\b)[a-z]{2,}ed)\b/
const PAST_TIME = /\b(?:yesterday|last (?:week|month|night|time|friday|monday|tuesday|wednesday|thursday)|earlier today|this morning|already|ago|previously|the other day)\b/
const HAVE_DONE = /\b(?:i've|we've|i have|we have|has|have) (?:already |just )?(?:sent|done|finished|written|made|got|taken|spoken|told|had|been|fixed|called|emailed|shared|updated|booked|checked|talked|reviewed|submitted|pushed|merged|closed|filed|finalized|finalised)\b/
const WE_WILL = /\b(?:we'll|we will|we're going to|we are going to|we're gonna)\b/
const WE_NEED = /\b(?:we need to|we have to|we've got to|we must)\b/
const WE_SHOULD = /\b(?:we should|we could|we might|maybe we|perhaps we|what if we|how about we|why don't we|we ought to)\b/
const LETS = /\b(?:let's|let us)\b/
const YOU_REQ = /\b(?:can you|could you|would you|will you|would you mind|are you up for|are you able to|do you mind|i need you to|i'd like you to|i want you to|you'll need to|you need to|you should)\b/
const PLEASE = /\bplease\b/
const IMPERSONAL = /\b(?:still )?(?:needs? to be|has to be|have to be|must be|should be|needs? (?:a|an|the|to get|doing|signing|approving|sending|updating|reviewing)|has to get|is due|are due|due (?:on|by)|still (?:needs?|has|have) to|has yet to be|have yet to be)\b/
const SOMEONE = /\b(?:someone|somebody|anyone|anybody) (?:needs? to|should|has to|must|could|can|will have to)\b/
const NEGATION = /\b(?:not|n't|never|no one|nobody|nothing|won't|can't|cannot|don't|didn't|shouldn't|wouldn't)\b|n't\b/
const WH_EXPLAIN = /^(?:(?:so|and|but|sorry|wait|okay|ok|um|uh)[\s,]+)*(?:why|how come|how does|how do|how did|how is|what do you mean|what does|what is|what's|what are|what was|which|where|who is|who's|when is|when did|can you explain|could you explain|can you walk me through|could you walk me through|can you clarify|could you clarify|can you tell me (?:why|how|what)|could you tell me (?:why|how|what)|do you know (?:why|how|what|if|whether))\b/
const EXPLAIN_ANYWHERE = /\b(?:explain|what you mean|walk me through|clarify (?:what|why|how)|remind me (?:why|what|how))\b/
const YESNO_START = /^(?:(?:so|and|but|okay|ok|um|uh)[\s,]+)*(?:did|do|does|is|are|was|were|have|has|had|is there|are there|should we|shall we|do we)\b/
const HYPOTHETICAL = /^(?:(?:so|and|but|well|i mean|okay|ok)[\s,]+)*(?:if|unless|suppose|supposing|imagine|what if|in theory|hypothetically|ideally|in an ideal world|assuming)\b|\b(?:would have|could have|should have|would've|could've|should've|if we were|if i were|if we had|in a perfect world|in theory|hypothetically|someday|one day|at some point maybe|in the future maybe)\b/
const MAYBE = /\b(?:maybe|perhaps|might|possibly|probably|i guess|not sure|i wonder|wondering)\b/
const I_THINK = /\b(?:i think|i feel|i believe|in my opinion|my view|i'd say|i reckon|i suspect|i'm not sure)\b/
const LOGISTICS =
  /\b(?:share (?:my|the|your|our) screen|screen ?shar|(?:in|into|to) the chat|the chat|drop (?:it|a link|the link) in|post (?:it|a link|the link) (?:in|here)|pull (?:that|it|this) up|bring (?:that|it|this) up|next slide|previous slide|go back a slide|can you see|can you hear|you're on mute|on mute|unmute|mute|recording|dial in|dial-in|zoom link|meeting link|teams link|let me find|one sec|one second|give me a sec|just a sec|bear with me|let me just|let me grab|let me open|scroll (?:up|down)|full screen|i'll stop sharing|stop sharing|take a quick break|five minute break|back in five|let's take a break|let's start|let's get started|let's kick off|let's move on|moving on|next item|next topic|let's wrap|let's go around)\b/
const SOCIAL =
  /\b(?:coffee|drinks?|a beer|pint|lunch sometime|dinner sometime|catch up soon|grab lunch|grab a bite|have a (?:good|great|nice|lovely) (?:weekend|day|evening|holiday|break|one)|enjoy the|see you|see y'all|talk soon|take care|thanks (?:everyone|all|everybody|so much|a lot)|thank you (?:all|everyone|so much)|good to see|nice to see|great to see|happy birthday|congrats|congratulations|safe travels|get some rest|bye|cheers)\b/
const IDIOM =
  /\b(?:take (?:that|it|this|those|your point|the point|your feedback|the feedback) on board|on board|push back on|pushing back on|bear (?:that|it|this) in mind|keep (?:that|it|this) in mind|noted|fair point|good point|i hear you|point taken|sleep on it|play it by ear|run with (?:that|it)|i'll take your word|take your word for it|i'll buy that|i'll drink to that|let me think about it|i'll think about it|food for thought|take (?:it|that) with a grain|circle the wagons|drop the ball|move the needle|i'll give you that|i'll take that as a|i'll take the blame|i'll say|i'll tell you what|i'll be honest|i'll admit|i'll grant you|i'll leave it there|i'll hand it over|i'll let you|let's park (?:that|it|this)|park that|take that offline|parking lot)\b/
const JOKE = /\b(?:kidding|joking|just kidding|jk|haha|ha ha|lol|only joking|i wish|not really|in my dreams|dream on|yeah right|i'm not serious|not seriously)\b/
const DECISION =
  /\b(?:decision\s*:|decided|we agreed|we've agreed|agreed,|it's agreed|that's agreed|so agreed|we'll go with|we will go with|we're going with|we are going with|let's go with|let's stick with|settled on|the decision is|final answer|we're going ahead with|go ahead with|approved|we chose|we pick|we'll pick|decision made|consensus|we all agree|motion (?:carried|passed)|carried|resolved)\b/
const AGENDA = /\btoday,? we(?:'re| are)? (?:need|want|have|going|will|'ll|hope)?(?: to)? (?:\w+ )?(?:finali[sz]e|discuss|cover|decide|agree|go through|talk about|review|look at|plan|settle|get through)\b|\b(?:goal|purpose|aim) (?:for|of) (?:today|this meeting)|\bwe(?:'re| are) here to\b|\b(?:agenda|items? for today|on the list for today|first item|second item|third item|item (?:one|two|three|four|\d)|today we(?:'ll| will) (?:cover|discuss|go through)|topics? (?:for )?today|we have (?:a few|three|four|two) (?:things|items|topics))\b/
const STATUS =
  /\b(?:i'm|i am|we're|we are|it's|it is|that's|that is|he's|she's|they're) (?:still |currently |now |almost |nearly |mostly |basically )?(?:working on|on track|blocked|almost done|halfway|done|finished|in progress|in review|waiting|behind|ahead|looking at|going well|fine|good|live|deployed|stable|ready)\b|\b(?:is|are) (?:done|finished|complete|completed|in progress|on track|blocked|merged|live|deployed|shipped)\b|\bcurrently\b/
const DEADLINE =
  /\b(?:today|tonight|tomorrow|end of (?:the )?(?:day|week|month|quarter|year|sprint)|eod|eow|cob|this week|next week|the weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|by the \d|the \d{1,2}(?:st|nd|rd|th)|in (?:a|one|two|three|four|\d+) (?:days?|weeks?|months?)|within (?:a|one|two|three|\d+) (?:days?|weeks?)|before the|by next|asap|as soon as possible|first thing|this afternoon|this evening)\b/
const BY_WHEN = /\b(?:by|before|no later than|until|ahead of) (?:the |next |this |end |monday|tuesday|wednesday|thursday|friday|tomorrow|tonight|\d)/
const FOLLOW_UP = /\b(?:follow(?:ing)?[- ]up|get back to|circle back|check in|loop (?:in|back)|reach out|send (?:out )?(?:the )?(?:notes|minutes|recap|summary))\b/
const LEAVE_WITH_ME = /\b(?:leave (?:it|that|this|the [\w' -]{1,40}?) with me|that's on me|that one's mine|that's mine|i'll sort (?:it|that|this) out|i've got (?:it|this|that)|consider it done|i'm on it|on it\b|i'll take care of|i'll own|i'll handle|i'll pick (?:it|that|this) up|i'll take (?:it|that|this)(?! on board))/
const HEDGE_MAYBE_ILL = /\b(?:maybe i'll|i might|i may|i'll try|i'll see if|i'll probably|if i have time|if i get (?:a chance|time)|time permitting|no promises)\b/
const ASK_PERMISSION = /\b(?:can i|could i|may i|should i|shall i|do you want me to|would you like me to|want me to)\b/
const GENERIC_OBJECT_END = /\b(?:(?:do|handle|take|sort|check) (?:it|that|this|them))\W*$/
const VOC_LEAD = new RegExp(`^(?:(?:ok(?:ay)?|so|and|hey|alright|right|um|uh),?\\s+)*(${NAME}),\\s`)
const VOC_TAIL = new RegExp(`,\\s*(${NAME})\\s*[?.!]*$`)

/** The first name a sentence addresses ("Bob, can you ...", "... by Friday, Bob?"), if any. */
export const vocativeOf = (sentence: string): string | null => VOC_LEAD.exec(sentence)?.[1] ?? VOC_TAIL.exec(sentence)?.[1] ?? null

export const firstNameOf = (speaker: string): string => (speaker.trim().split(/\s+/)[0] ?? '').toLowerCase()

const wordsOfLower = (s: string): string[] => s.match(/[a-z][a-z'-]*/g) ?? []

const hasWorkVerb = (lower: string): boolean => {
  for (const w of wordsOfLower(lower)) if (isWorkVerb(w)) return true
  return false
}

/** A cue followed by a work verb: "I'll send", "can you check", "we need to book". */
const cueThenWork = (re: RegExp, text: string): boolean => {
  const m = re.exec(text)
  if (m === null) return false
  const after = text.slice(m.index + m[0].length).trim()
  const w = (after.split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z'-]/g, '')
  return isWorkVerb(w)
}

/** Does the turn accept what it was asked? Only its opening counts. */
export const acceptsTurn = (t: TurnText): boolean => acceptsText(t.rawLower)

/** Lower-cased words that open with an acceptance and do not refuse. */
export const acceptsText = (rawLower: string): boolean => {
  const head = rawLower.slice(0, 80)
  if (REFUSE.test(head) || NO_START.test(head.trim())) return false
  if (ACCEPT_PHRASE.test(head)) return true
  // "Okay." or "Sure, I'll do it" or "Sure, by end of day" accepts; "Okay, the hiring piece. We saw ..." moves on
  // "Thanks Maria." or "Right, so ..." answers; it takes nothing on
  const m = ACCEPT_OPENER.exec(head.trim())
  if (m === null) return false
  const rest = head.trim().slice(m[0].length).replace(/^[\s,.!-]+/, '')
  return (
    rest.split(/\s+/).filter((w) => w !== '').length <= 3 ||
    /^(?:i'll|i will|i can|i could|i'm|will|i've|we'll|we can|by|before|tomorrow|today|tonight|end of|first thing|that'd be|that would be|that works|please|happy to|no problem)\b/.test(rest)
  )
}
const ACCEPT_OPENER =
  /^(?:(?:oh|ah|um|uh|well)\b[\s,.!-]*)*(?:(?:yeah|yes|yep|yup|ok|okay|sure|alright|absolutely|definitely|of course|no problem|totally|happy to|for sure|will do|can do|on it)\b[\s,.!-]*)+/

export const refusesTurn = (t: TurnText): boolean => {
  const head = t.rawLower.slice(0, 120)
  return REFUSE.test(head) || (NO_START.test(head.trim()) && !ACCEPT_PHRASE.test(head))
}

/** The turn asks someone to act: a request cue, "if you could", "who can", "let's have Ana". */
export const requestsWork = (text: string): boolean => {
  const lower = text.toLowerCase()
  return (
    (REQUEST.test(text) || DELEGATE.test(text) || IF_YOU_COULD.test(lower) || WHO_CAN.test(lower) || SOMEONE.test(lower) || WE_NEED.test(lower) || MARKER.test(lower)) &&
    hasWorkVerb(lower)
  )
}

/** What a turn says as the turn before or after a sentence; read once per turn, as every sentence near it asks. */
interface TurnFacts {
  readonly requests: boolean
  readonly addressee: string | null
  readonly question: boolean
  readonly proposes: boolean
  readonly agenda: boolean
  readonly explain: boolean
  readonly offers: boolean
  readonly work: boolean
  readonly accepts: boolean
  readonly refuses: boolean
  readonly joke: boolean
  readonly approves: boolean
}

const turnFacts = new WeakMap<TurnText, TurnFacts>()

const factsOf = (t: TurnText): TurnFacts => {
  let f = turnFacts.get(t)
  if (f === undefined) {
    const lower = t.text.toLowerCase()
    const work = hasWorkVerb(lower)
    f = {
      requests: requestsWork(t.text),
      addressee: vocativeOf(t.text)?.toLowerCase() ?? null,
      question: /\?\s*$/.test(t.text.trim()),
      proposes: WE_SHOULD.test(lower) && work,
      agenda: AGENDA.test(lower),
      explain: WH_EXPLAIN.test(lower),
      offers: OFFER.test(lower),
      work,
      accepts: acceptsTurn(t),
      refuses: refusesTurn(t),
      joke: JOKE.test(t.rawLower),
      approves: APPROVES.test(t.rawLower.trim()),
    }
    turnFacts.set(t, f)
  }
  return f
}

const push = (out: string[], on: boolean, name: string): void => {
  if (on) out.push(name)
}

/** The feature names present for one sentence in its dialogue. */
export const sentenceFeatures = (s: SentenceInDialogue): string[] => {
  const out: string[] = []
  const text = s.text
  const lower = text.toLowerCase()
  const raw = s.rawLower
  const words = lower === '' ? 0 : lower.split(/\s+/).length
  const question = /\?\s*$/.test(text) || /\?\s*$/.test(raw.trim())

  const iWill = I_WILL.test(lower)
  const iCan = I_CAN.test(lower)
  const iNeed = I_NEED.test(lower)
  const youReq = YOU_REQ.test(lower) || REQUEST.test(text)
  const ifYouCould = IF_YOU_COULD.test(lower)
  const work = hasWorkVerb(lower)
  const firstWork = cueThenWork(FIRST_PERSON, text)
  const reqWork = cueThenWork(REQUEST, text)
  const weWork = cueThenWork(WE_CUE, text)
  const anyoneWork = cueThenWork(ANYONE_CUE, text)
  const voc = vocativeOf(text)
  const neg = NEGATION.test(lower)
  const past = I_PAST.test(lower) || HAVE_DONE.test(lower)
  const pastTime = PAST_TIME.test(lower)
  const hypo = HYPOTHETICAL.test(lower)
  const explain = WH_EXPLAIN.test(lower) || EXPLAIN_ANYWHERE.test(lower)
  const deadline = DEADLINE.test(lower)
  const decision = DECISION.test(lower)
  const logistics = LOGISTICS.test(lower) || NOT_WORK.test(text)
  const accept = s.opensTurn && acceptsText(raw)
  const refuse = REFUSE.test(raw) || (s.opensTurn && NO_START.test(raw.trim()))
  const leave = LEAVE_WITH_ME.test(lower)

  push(out, iWill, 'i_will')
  push(out, iCan, 'i_can')
  push(out, iNeed, 'i_need')
  push(out, firstWork, 'i_cue_work')
  push(out, firstWork && deadline, 'i_cue_work_deadline')
  push(out, youReq, 'you_request')
  push(out, reqWork, 'request_work')
  push(out, ifYouCould, 'if_you_could')
  push(out, ifYouCould && THATD_BE.test(lower), 'if_you_could_thatd_be')
  push(out, PLEASE.test(lower), 'please')
  push(out, WHO_CAN.test(lower), 'who_can')
  push(out, DELEGATE.test(text), 'lets_have_name')
  push(out, THIRD_WILL.test(text), 'name_will')
  push(out, MARKER.test(lower) || MARKER_FOR.test(lower), 'marker')
  push(out, WE_WILL.test(lower), 'we_will')
  push(out, WE_NEED.test(lower), 'we_need')
  push(out, WE_SHOULD.test(lower), 'we_should')
  push(out, LETS.test(lower), 'lets')
  push(out, weWork, 'we_cue_work')
  push(out, weWork && deadline, 'we_cue_work_deadline')
  push(out, IMPERSONAL.test(lower), 'impersonal_need')
  push(out, IMPERSONAL.test(lower) && deadline, 'impersonal_need_deadline')
  push(out, SOMEONE.test(lower) || anyoneWork, 'someone_needs')
  push(out, voc !== null, 'vocative')
  push(out, voc !== null && youReq, 'vocative_request')
  push(out, neg, 'negation')
  push(out, neg && (iWill || iCan), 'negated_commitment')
  push(out, question, 'question')
  push(out, question && !youReq && !ifYouCould, 'question_not_request')
  push(out, explain, 'explain_question')
  push(out, YESNO_START.test(lower), 'yes_no_question')
  push(out, ASK_PERMISSION.test(lower), 'ask_permission')
  push(out, past, 'past_tense')
  push(out, pastTime, 'past_time')
  push(out, hypo, 'hypothetical')
  push(out, MAYBE.test(lower), 'hedge')
  push(out, HEDGE_MAYBE_ILL.test(lower), 'hedged_commitment')
  push(out, I_THINK.test(lower), 'opinion')
  push(out, work, 'work_verb')
  push(out, !work, 'no_work_verb')
  push(out, deadline, 'deadline')
  push(out, BY_WHEN.test(lower), 'by_when')
  push(out, FOLLOW_UP.test(lower), 'follow_up')
  push(out, logistics, 'logistics')
  push(out, SOCIAL.test(lower), 'social')
  push(out, IDIOM.test(lower), 'idiom')
  push(out, JOKE.test(raw), 'joke')
  push(out, decision, 'decision_cue')
  push(out, AGENDA.test(lower), 'agenda')
  push(out, STATUS.test(lower), 'status')
  push(out, leave, 'leave_it_with_me')
  push(out, GENERIC_OBJECT_END.test(lower), 'pronoun_object')
  push(out, words <= 4, 'short')
  push(out, words > 25, 'long')
  // an imperative opening ("Finalize the launch plan") is an agenda line or a note, rarely spoken to a person
  push(out, isWorkVerb((lower.split(/\s+/)[0] ?? '').replace(/[^a-z'-]/g, '')), 'imperative_start')
  push(out, accept, 'accept')
  push(out, refuse, 'refuse')

  const prev = s.prev
  if (prev !== null) {
    const other = prev.speaker !== s.speaker
    const p = factsOf(prev)
    push(out, !other, 'prev_same_speaker')
    const prevReq = other && p.requests
    const addressedMe = other && p.addressee === firstNameOf(s.speaker)
    push(out, prevReq, 'prev_request')
    push(out, addressedMe, 'prev_addresses_me')
    push(out, other && p.question, 'prev_question')
    push(out, other && p.proposes, 'prev_proposal')
    push(out, other && p.agenda, 'prev_agenda')
    push(out, other && p.explain, 'prev_explain_question')
    push(out, accept && prevReq, 'accept_after_request')
    push(out, other && APPROVES.test(raw.trim()) && p.offers, 'approve_after_offer')
    push(out, accept && addressedMe, 'accept_when_addressed')
    push(out, accept && other && p.work, 'accept_after_work')
    push(out, accept && other && p.explain, 'accept_after_explain')
    push(out, refuse && prevReq, 'refuse_after_request')
    push(out, leave && other && p.work, 'leave_after_work')
    push(out, (firstWork || iWill) && addressedMe, 'commit_when_addressed')
  }
  push(out, (iWill || WE_WILL.test(lower)) && deadline, 'will_deadline')

  const next = s.next
  if (next !== null) {
    const other = next.speaker !== s.speaker
    const n = factsOf(next)
    const nAccepts = other && n.accepts
    const nRefuses = other && n.refuses
    const asks = youReq || ifYouCould || reqWork || WHO_CAN.test(lower) || SOMEONE.test(lower) || DELEGATE.test(text)
    const proposes = weWork || WE_SHOULD.test(lower)
    push(out, nAccepts, 'next_accepts')
    push(out, nRefuses, 'next_refuses')
    push(out, other && n.question, 'next_question')
    push(out, asks && nAccepts, 'request_next_accepts')
    push(out, asks && nRefuses, 'request_next_refuses')
    push(out, proposes && nAccepts, 'proposal_next_accepts')
    push(out, proposes && nRefuses, 'proposal_next_refuses')
    push(out, voc !== null && firstNameOf(next.speaker) === voc.toLowerCase(), 'next_is_addressee')
    // a joke is taken back in the next turn, often by the one who made it
    push(out, n.joke, 'next_joke')
    push(out, (iCan || iWill || WE_SHOULD.test(lower)) && other && n.approves, 'offer_next_approved')
  }
  return out
}
