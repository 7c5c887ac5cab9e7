/**
 * A spoken sentence as a note: hedges and discourse markers go ("I think",
 * "you know", "sort of"), the speaker's "I" becomes their name with the verb
 * agreeing ("I am" → "Bob is", "I'll" → "Bob will"), "we" becomes the group,
 * "you" the addressee when known. Rules on words, no parser: the common cases
 * of meeting speech, and a sentence it cannot place is left as said.
 */
import { possessive } from '../text/speaker-names.js'

export interface Voice {
  /** How the speaker is named: "Bob", "the project manager". */
  readonly name: string
  /** Who the speaker addresses, when known ("Ben, can you ..."). */
  readonly addressee?: string
  /** What "we" reads as at the start of a sentence; "they" elsewhere. Default "the group". */
  readonly group?: string
}

export interface Note {
  readonly text: string
  /** A "you" was left as said because nobody is known to be addressed. */
  readonly unresolvedYou: boolean
  /** The speaker hedged an opinion ("I think ..."), which a minute-taker reports as "Bob thought ...". */
  readonly opinion: boolean
}

/** Opening hedges and markers: "I think that", "to be honest", "you know". */
const LEADING_HEDGE =
  /^(?:(?:I (?:really |just |also |personally |do |still )?(?:think|guess|believe|suppose|reckon|feel like|feel that|imagine|assume|would say|'d say|mean)|I'm (?:pretty |fairly |quite )?(?:sure|thinking)|in my (?:opinion|view)|to be honest|honestly|basically|actually|obviously|personally|you know|you see|I don't know|of course|I would think|I'd think)(?:\s+that(?!\s+(?:is|was|'s|would|will|could|should|might|must|can|makes|sounds|works|seems|looks|means|does|did|has|had)\b))?[,\s]+)/i
const OPINION = /^(?:I (?:really |just |also |personally |do |still )?(?:think|believe|reckon|feel|guess|suppose|would say|'d say|would think|'d think)|I'm (?:pretty |fairly |quite )?sure|in my (?:opinion|view))\b/i
const INNER_HEDGE = /,\s*(?:I think|I guess|I believe|I suppose|I mean|you know|you see|I'd say|I don't know|let's say)\s*(?:,|(?=[.?!]|$))/gi
/** Markers that never carry the claim, wherever they stand: "I mean", "let's say". */
const ANYWHERE = /\b(?:I mean|let's say|let us say|you know)\b,?\s*/gi
/** "sort of" and "kind of" as hedges, not as nouns ("what kind of buttons"). */
const VAGUE = /(?<!\b(?:a|the|this|that|what|which|some|any|one|every|same|no|his|her|my|our|your|their|its|these|those|of|that's|what's|all))\s+(?:sort|kind) of(?=\s)/gi
const TRAILING =
  /,?\s+(?:or something(?: like that)?|or whatever|and stuff(?: like that)?|and so on|and things like that|I think|I guess|you know|I suppose|(?:thanks|thank you)(?: (?:everyone|everybody|all|guys|folks|so much))?)(?=[.?!]?$)/i
const OPENER =
  /^(?:(?:so|and|but|then|well|okay|ok|yeah|yes|right|now|anyway|um|uh|like|also|oh|sure|fine|true|exactly|absolutely|indeed|great|perfect|good point|(?:good )?(?:morning|afternoon|evening)(?: (?:everyone|everybody|all|guys|folks))?|(?:hi|hello|hey)(?: (?:everyone|everybody|all|guys|folks|there))?|good|(?:thanks|thank you)(?: (?:everyone|everybody|all|guys|folks|so much))?|alright|all right|'cause|cause)\b[,.!\s]+)+/i

const MODALS = new Set('will would can could should shall might must may'.split(' '))
const ADVERBS = new Set(
  'just also really actually still only never always already probably definitely personally certainly usually even then now basically obviously honestly mainly mostly generally simply quite sometimes often'.split(
    ' ',
  ),
)
/** Words that cannot be the verb after a subject: "I, the ..." is left alone. */
const NOT_VERBS = new Set(
  'the a an and or but to of in on at for with from by as that this these those which who what when where if because so than then there here it he she they we you i me my our your their his her its not no yes'.split(
    ' ',
  ),
)
const IRREGULAR_PAST = new Set(
  (
    'was were had did said got went made took came saw knew found gave told felt left kept put read set sent spent brought bought ' +
    'built began wrote ran met heard meant held stood understood lost paid sat spoke chose drew forgot won led let cut hit ' +
    'thought caught taught fought sold threw grew drove rode broke woke wore tore became fell ate drank rang sang swam ' +
    'shut quit hurt cost spread split bet done been gone seen known given taken written'
  ).split(' '),
)

/** The verb form after a third-person singular subject: "want" → "wants", "am" → "is". */
const agree = (verb: string): string => {
  const lower = verb.toLowerCase()
  const fixed: Record<string, string> = {
    am: 'is', are: 'is', were: 'was', have: 'has', do: 'does', "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't",
    "weren't": "wasn't", "'m": 'is', "'re": 'is', "'ve": 'has', go: 'goes', dont: "doesn't",
    dunno: "doesn't know", wanna: 'wants to', gotta: 'has to',
  }
  if (fixed[lower] !== undefined) return fixed[lower]!
  if (MODALS.has(lower) || IRREGULAR_PAST.has(lower) || NOT_VERBS.has(lower) || ADVERBS.has(lower)) return verb
  if (!/^[a-z]+$/.test(verb) || (/ed$/.test(lower) && !/(?:eed|^shed|^wed|bed)$/.test(lower)) || /ing$/.test(lower) || /(?:^|[^s])s$/.test(lower)) return verb
  if (/(?:s|x|z|ch|sh|o)$/.test(lower)) return `${verb}es`
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`
  return `${verb}s`
}

/** "I'd" and "we'd": "had" before a past participle ("I'd already sent"), else "would". */
const dForm = (toks: ReadonlyArray<string>, i: number): string => {
  let j = i + 1
  while (j < toks.length && ADVERBS.has(trailingPunct(toks[j]!)[0].toLowerCase())) j++
  const next = trailingPunct(toks[j] ?? '')[0]
  return /^(?:been|done|gone|got|had|seen|known|given|taken|written|sent|made|told|[a-z]+ed)$/i.test(next) && !/^need$/i.test(next) ? 'had' : 'would'
}

const trailingPunct = (tok: string): [string, string] => {
  const m = /^(.*?)([,.;:?!"')]*)$/.exec(tok)!
  return [m[1]!, m[2]!]
}

/** Replaces the subject at `i` and makes the verb after it (past adverbs) agree with a singular subject. */
const singularSubject = (toks: string[], i: number, subject: string): void => {
  toks[i] = subject + trailingPunct(toks[i]!)[1]
  if (trailingPunct(toks[i]!)[1] !== '') return
  let j = i + 1
  while (j < toks.length && ADVERBS.has(trailingPunct(toks[j]!)[0].toLowerCase())) j++
  if (j < toks.length) {
    const [core, punct] = trailingPunct(toks[j]!)
    toks[j] = agree(core) + punct
  }
}

const capitalise = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1))

const SUBJECT_BEFORE = new Set(['', 'and', 'but', 'so', 'that', 'if', 'when', 'because', 'then', 'or', 'where', 'while', 'unless', 'once', 'until', 'as', 'whether'])

/** Removes hedges, fillers left by the cleaner and a vocative naming the addressee. */
const unhedge = (sentence: string, addressee: string | undefined): { text: string; opinion: boolean } => {
  let s = sentence.trim()
  let opinion = false
  if (addressee !== undefined) {
    const first = addressee.split(' ')[0]!
    s = s.replace(new RegExp(`^(?:${first}|${addressee}),\\s*`, 'i'), '').replace(new RegExp(`,\\s*(?:${first}|${addressee})(?=[.?!]$)`, 'i'), '')
  }
  for (let k = 0; k < 4; k++) {
    const before = s
    s = s.replace(OPENER, '')
    if (OPINION.test(s)) opinion = true
    s = s.replace(LEADING_HEDGE, '')
    if (s === before) break
  }
  s = s.replace(INNER_HEDGE, (m) => (m.trim().endsWith(',') ? ' ' : '')).replace(ANYWHERE, '').replace(VAGUE, '').replace(TRAILING, '')
  s = s.replace(/\s+/g, ' ').replace(/\s+([,.?!;:])/g, '$1').replace(/^[,\s]+/, '').trim()
  return { text: s, opinion }
}

/** A request to the addressee as a note: "Can you send the deck?" → "Ana asked Ben to send the deck." */
const requestNote = (s: string, voice: Voice): string | null => {
  if (voice.addressee === undefined) return null
  const m = /^(?:(?:can|could|would|will) you(?: please)?|would you mind|please)\s+(.+?)[?.!]?$/i.exec(s)
  if (m === null) return null
  let task = m[1]!.replace(/,?\s*please$/i, '')
  if (/^would you mind/i.test(s)) task = task.replace(/^(\w+?)ing\b/, '$1')
  return `${voice.name} asked ${voice.addressee} to ${task}.`
}

/** Rewrites one cleaned sentence into the third person; see the file comment. */
export const thirdPerson = (sentence: string, voice: Voice): Note => {
  const { text, opinion } = unhedge(sentence, voice.addressee)
  if (text === '' || !/[A-Za-z0-9]/.test(text)) return { text: '', unresolvedYou: false, opinion }
  const asked = requestNote(text, { ...voice, name: capitalise(voice.name) })
  if (asked !== null) return { text: rewritePronouns(asked, voice).text, unresolvedYou: false, opinion: false }
  const out = rewritePronouns(text.replace(/^let me\s+/i, 'I will '), voice)
  const body = capitalise(out.text.replace(/[,;:\s]+$/, ''))
  return { text: /[.?!]$/.test(body) ? body : `${body}.`, unresolvedYou: out.unresolvedYou, opinion }
}

const rewritePronouns = (text: string, voice: Voice): { text: string; unresolvedYou: boolean } => {
  const toks = text.split(/\s+/)
  const group = voice.group ?? 'the group'
  let unresolvedYou = false
  for (let i = 0; i < toks.length; i++) {
    const [core, punct] = trailingPunct(toks[i]!)
    const lower = core.toLowerCase()
    const prev = i === 0 ? '' : trailingPunct(toks[i - 1]!)[0].toLowerCase()
    const prevEnds = i === 0 || /[,;:.?!]$/.test(toks[i - 1]!)
    const next = trailingPunct(toks[i + 1] ?? '')[0]
    // a second "my" in one sentence reads "their": "Bob tries to keep their notes", not "Bob's notes"
    const named = toks.slice(0, i).some((t) => t.startsWith(voice.name))
    const atStart = i === 0
    switch (lower) {
      case 'i':
        if (core !== 'I') break
        // "I this is the volume control": a start abandoned for another subject
        if (punct === '' && /^(?:the|a|an|this|that|these|those|it|we|you|they|he|she|there)$/i.test(next)) {
          toks[i] = ''
          break
        }
        // a second "I" in one sentence reads "they": "Bob didn't think they understood", not the name twice
        if (named) {
          toks[i] = `they${punct}`
          const [v, p] = trailingPunct(toks[i + 1] ?? '')
          if (punct === '' && /^(?:am|was)$/i.test(v)) toks[i + 1] = (v.toLowerCase() === 'am' ? 'are' : 'were') + p
        } else singularSubject(toks, i, voice.name)
        break
      case "i'm":
        toks[i] = `${voice.name} is${punct}`
        break
      case "i've":
        toks[i] = `${voice.name} has${punct}`
        break
      case "i'll":
        toks[i] = `${voice.name} will${punct}`
        break
      case "i'd":
        toks[i] = `${voice.name} ${dForm(toks, i)}${punct}`
        break
      case 'me':
        toks[i] = voice.name + punct
        break
      case 'my':
        toks[i] = (named ? 'their' : possessive(voice.name)) + punct
        break
      case 'mine':
        toks[i] = (named ? 'theirs' : possessive(voice.name)) + punct
        break
      case 'myself':
        toks[i] = `${voice.name} personally${punct}`
        break
      case 'we':
        if (atStart) singularSubject(toks, i, group)
        else toks[i] = `they${punct}`
        break
      case "we're":
        toks[i] = atStart ? `${group} is${punct}` : `they are${punct}`
        break
      case "we've":
        toks[i] = atStart ? `${group} has${punct}` : `they have${punct}`
        break
      case "we'll":
        toks[i] = `${atStart ? group : 'they'} will${punct}`
        break
      case "we'd":
        toks[i] = `${atStart ? group : 'they'} ${dForm(toks, i)}${punct}`
        break
      case "let's":
        toks[i] = `${atStart ? group : 'they'} should${punct}`
        break
      case 'us':
        toks[i] = (prev === 'let' ? '' : 'them') + punct
        if (prev === 'let') toks[i - 1] = `${group} should`
        break
      case 'our':
        toks[i] = (atStart ? `${possessive(group)}` : 'their') + punct
        break
      case 'ours':
        toks[i] = `theirs${punct}`
        break
      case 'ourselves':
        toks[i] = `themselves${punct}`
        break
      case 'you':
      case "you're":
      case "you've":
      case "you'll":
      case "you'd":
      case 'your':
      case 'yours':
      case 'yourself':
        if (voice.addressee === undefined) {
          unresolvedYou = true
          break
        }
        if (lower === 'your' || lower === 'yours') toks[i] = possessive(voice.addressee) + punct
        else if (lower === 'yourself') toks[i] = `${voice.addressee} personally${punct}`
        else if (lower === "you're") toks[i] = `${voice.addressee} is${punct}`
        else if (lower === "you've") toks[i] = `${voice.addressee} has${punct}`
        else if (lower === "you'll") toks[i] = `${voice.addressee} will${punct}`
        else if (lower === "you'd") toks[i] = `${voice.addressee} ${dForm(toks, i)}${punct}`
        else if ((prevEnds || SUBJECT_BEFORE.has(prev)) && next !== '' && !NOT_VERBS.has(next.toLowerCase())) singularSubject(toks, i, voice.addressee)
        else toks[i] = voice.addressee + punct
        break
    }
  }
  const joined = toks.filter((t) => t !== '').join(' ').replace(/\s+/g, ' ').trim()
  return { text: joined, unresolvedYou }
}
