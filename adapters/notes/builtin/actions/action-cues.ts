/**
 * Cue phrases and verbs that mark an action item. Generic English, written by
 * hand; see action-items.ts for how they combine.
 */

/** Adverbs and helpers that may stand between a cue and its verb ("I'll just go ahead and send"). */
const FILLERS = String.raw`(?:(?:just|also|quickly|then|definitely|certainly|first|still|actually|personally|happily|probably|gladly|please|go ahead and|try (?:and|to)|make sure (?:to|that I|I|we)|be sure to|need to|have to|be able to)\s+)*`

/** The speaker commits: "I'll ...", "let me ...". */
export const FIRST_PERSON = new RegExp(
  String.raw`\b(?:I'll|I will|I'm going to|I am going to|I'm gonna|I can|I could|I'd be happy to|I'm happy to|I need to|I have to|I've got to|I must|I should|let me|I promise to|I plan to|I intend to|I'm planning to|I volunteer to|I offered to|I'll be able to)[\s,]+` +
    FILLERS,
  'i',
)

/** Someone unnamed is asked to volunteer: "someone needs to ...". */
export const ANYONE_CUE = /\b(?:someone|somebody|anyone|anybody) (?:needs to|should|has to|could|can)\s+/i

/** The group commits: "we'll ...", "let's ...", "we need to ... by ...". */
export const WE_CUE = new RegExp(
  String.raw`\b(?:we'll|we will|we're going to|we are going to|we're gonna|we need to|we have to|we've got to|we must|we should|let's|let us)[\s,]+` +
    FILLERS,
  'i',
)

/** Someone is asked: "can you ...", "please ...", "I need you to ...". */
export const REQUEST = new RegExp(
  String.raw`(?:\bwould you mind|\bdo you mind|\b(?:would|could|will) you be (?:up for|able to|willing to|happy to|ok to|okay to)|\bare you (?:up for|able to|happy to|ok to|okay to)|\b(?:can|could|would|will) you(?: possibly| maybe| please)?|\bI need you to|\bI'd like you to|\bI want you to|(?:^|[,;]\s*)please|\bI'd ask you to)[\s,]+` +
    FILLERS,
  'i',
)

const NOT_NAMES =
  'Just|Actually|Basically|Really|Probably|Perhaps|Definitely|Obviously|Hopefully|Anyway|Otherwise|Meanwhile|Still|First|Finally|Again|Only|Even|Here|' +
  'The|We|It|Its|This|That|These|Those|Then|So|And|But|Or|Okay|Ok|Yes|Yeah|Everyone|Everybody|Someone|Somebody|Nobody|Anyone|Anybody|He|She|They|You|I|There|What|Who|Which|Also|Well|Maybe|Now|Please|Sure|Thanks|Great|Right|Alright|Hey|Hi|Oh|If|When|Our|My|Your|Their|His|Her|Let|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Today|Tomorrow|Next|Team|Guys|Folks|All|Both|Each|Action|Item|Todo|Note|Legal|Finance|Marketing|Sales|Engineering|Design|Support|Product|Ops'

/** A capitalised first name, optionally with a surname; not a pronoun, weekday or department. */
export const NAME = String.raw`(?!(?:${NOT_NAMES})\b)[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?: (?!(?:${NOT_NAMES})\b)[A-Z][a-z]+)?`

/** Talk about the meeting itself, or speech acts, that only look like commitments. */
export const NOT_WORK =
  /\b(?:share (?:my|the|your|our) screen|screen ?share|(?:start|stop|pause) (?:the )?recording|take (?:some )?notes|move on|go back to (?:the|my|that)|hand (?:it )?over|pass (?:it )?(?:over|back|on|to)|walk you through|show you|be (?:honest|brief|quick|clear|frank)|tell you (?:what|that|about|a|the)|say (?:that|this|something)|repeat (?:that|the question|myself)|speak up|(?:un)?mute|introduce (?:myself|everyone)|go first|kick (?:us |it )?off|get (?:started|going)|wrap (?:it |this |things )?up|jump in|hear me|see my screen|see (?:it|this|that) (?:now|here)|talk about|ask (?:a|one|another) (?:quick )?question|answer (?:that|your question)|let me (?:summari[sz]e|recap|think|see|explain|clarify|finish|start|check (?:my|the) (?:calendar|notes))|go through (?:the|my|this) (?:slides?|deck|agenda|presentation)|check (?:my|the) (?:calendar|schedule) (?:real quick|quickly)|bring up the|pull up the (?:slide|deck|doc)|I can see|you can see|can you (?:see|hear)|could you (?:see|hear)|raise your hands?|cast (?:your|a) vote|tell you|talk to (?:you|everyone|you all|you guys) about|ask (?:this|that|my|the|a|one|another|you a|you one) (?:quick |last |final |follow-up |supplementary )?question|in a (?:moment|minute|second|bit)|later (?:on )?(?:in|during) (?:the|this) (?:meeting|call)|right now)\b/i

const WORK_VERBS = new Set(
  (
    'send email mail forward share schedule reschedule book reserve organize organise arrange prepare draft write rewrite ' +
    'review update finalize finalise fix check double-check verify confirm investigate look follow reach contact call ring ' +
    'phone ping ask talk speak chase circulate distribute compile collect gather create build implement deploy ship release ' +
    'test run rerun re-run deliver submit file order buy purchase pay invoice sign approve invite coordinate plan research ' +
    'analyze analyse compare estimate calculate document upload post publish merge refactor migrate clean set put pull get ' +
    'make find figure sort handle take own lead present demo train hire interview onboard summarize summarise reply respond ' +
    'answer loop bring renew cancel move add remove change revise edit proofread translate design sketch prototype mock ' +
    'benchmark measure monitor track log open close raise escalate flag notify inform remind tell let print scan pick drop ' +
    'return refund replace repair install configure backup back push patch rebook secure sync sketch outline list map ' +
    'recruit source negotiate quote price cost budget sort start finish complete wrap circle touch write-up double ' +
    'clarify reconcile audit assess evaluate validate approve prioritize prioritise triage assign delegate grab fetch ' +
    'cut include appoint report nominate draw write do pair tighten tidy polish queue regenerate restore redo rework reword ' +
    'chase rebuild retest recheck refresh reissue resend resubmit shortlist circulate brief ' +
    'pin swap fold ring text message nudge ping shadow cover store label tag lock unlock freeze rotate extend archive delete ' +
    'wire hook scope split port upgrade downgrade roll revert announce advertise promote recap print laminate attach link ' +
    'download export import load backfill reproduce debug profile tune optimize optimise record film shoot mix reimburse ' +
    'bill charge credit transfer countersign lodge apply register enrol enroll ratify adopt host facilitate chair attend ' +
    'join visit inspect survey count stock restock reorder pack clean wipe administer chart page dial liaise introduce ' +
    'connect vet interview coach mentor grade mark sound rerun chase'
  ).split(/\s+/),
)

/** Base form of a verb as it follows a cue: "sending" is "send", "making" is "make". */
export const baseForm = (word: string): string => {
  const w = word.toLowerCase()
  if (WORK_VERBS.has(w)) return w
  if (w.endsWith('ing')) {
    const stem = w.slice(0, -3)
    for (const c of [stem, `${stem}e`, stem.slice(0, -1)]) if (WORK_VERBS.has(c)) return c
  }
  return w
}

const IRREGULAR: Record<string, string> = { sent: 'send', written: 'write', done: 'do', made: 'make', sorted: 'sort', built: 'build', run: 'run', set: 'set', put: 'put', bought: 'buy', paid: 'pay', found: 'find', taken: 'take', brought: 'bring', drawn: 'draw' }

/** Base form of a past participle, for needs such as "the contract has to be approved": "approved" is "approve". */
export const baseOfParticiple = (word: string): string => {
  const w = word.toLowerCase()
  if (IRREGULAR[w] !== undefined) return IRREGULAR[w]!
  if (w.endsWith('ed')) for (const c of [w.slice(0, -1), w.slice(0, -2), w.slice(0, -3)]) if (WORK_VERBS.has(c)) return c
  return baseForm(w)
}

/** True for a verb that names work to be done after the meeting. */
export const isWorkVerb = (word: string): boolean => WORK_VERBS.has(baseForm(word))
