/**
 * Spoken signs that a meeting turns to a new subject: explicit transitions
 * ("moving on", "next item", "let's talk about", "the other thing"), a turn
 * handed to the next presenter ("do you want to go next?"), and the items of an
 * agenda read out at the start, each taken up later. Each utterance gets a
 * strength from 0 (none) to 1; segmentation adds it to the evidence for a
 * boundary just before that utterance. The phrases are hand-written from
 * general knowledge of how meetings are run, not mined from any corpus.
 */
import { contentTerms } from '../text/terms.js'
import { META_WORDS } from '../text/words.js'

/** Openers that may stand before a cue without weakening it ("Okay, so, um, moving on"). */
const LEAD = new RegExp(String.raw`^(?:(?:ok(?:ay)?|alright|all right|right|so|and|now|well|good|great|thanks?(?: you)?(?: \w+)?|perfect|cool|um+|uh+|er+|yeah|yes|then)[,.!]?\s+)*`)

/** Transitions that name a change of subject wherever they stand in the utterance. */
const STRONG = [
  /\bmov(?:e|ing) on\b/,
  /\b(?:turn|turning|switch|switching|move|moving|go|going|get|getting|come|coming|jump|skip) (?:on |over |back )?(?:on)?to (?:the )?(?:next|other|last|final|second|third|fourth|fifth|another)\b/,
  /\bnext (?:topic|item|point|subject|issue|agenda item|question|questions|thing on (?:the|our|my) (?:agenda|list)|on (?:the|our|my) (?:agenda|list))\b/,
  /\b(?:first|second|third|fourth|fifth|last|final|other|another) (?:topic|item|subject|agenda item|thing on (?:the|our|my) (?:agenda|list))\b/,
  /\b(?:let's|let us|i'd like to|i want to|i wanna) (?:now )?(?:talk about|discuss|turn to|move to|get to|go to|look at|go over|cover)\b/,
  /\bchange (?:of )?(?:topic|subject|gears)\b/,
  /\bthe next questions? (?:is|are|comes?) from\b/,
]

/** Cues that count only at the start of an utterance, where they open a new stretch. */
const OPENING = [
  /^the other thing\b/,
  /^(?:and )?(?:on ?to|as for|regarding|what about|how about) the \w+/,
  /^(?:the )?\w+(?: \w+)? (?:piece|part|side|front|update)\b[.,]/,
  /^next[,.!]/,
  /^(?:do you|does \w+|would you|you) want to (?:go|start) next\b/,
  /^(?:who(?:'s| is) next|your turn|over to you|you're up|how about you|what about you)\b/,
  /^(?:last|finally|lastly)[,.]/,
  /^(?:the )?(?:last|final|one more|other) (?:thing|one|item|point)\b/,
  /^(?:can|could|may) i (?:bring|raise|squeeze|add|mention|flag) (?:up )?(?:something|one thing|a thing|an item|a quick)/,
  /^(?:oh,? )?(?:also,? )?(?:a )?quick one\b/,
  /^speaking of\b/,
  /^(?:oh,? )?before (?:i|we) forget\b/,
  /^(?:[^ ,]+, )?(?:just )?(?:very )?quickly,? (?:on|about|anything|any)\b/,
  /^(?:[^ ,]+, )?how(?:'s| is| are) (?:the |your )?\w+(?: \w+)? (?:going|coming along)\b/,
]

/** "Okay, budget." or "Right, the landing page.": an opener, then a subject of one to three words, alone. */
const NAMED = /^(?:ok(?:ay)?|alright|all right|right|so|now|next)[,.]? (?:(?:so|now|um|uh)[,.]? )*((?:the |our )?[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,2})[.:]/

const strip = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

/** Strength of the topic-change cue that opens or fills one utterance, 0..1. */
export const cueStrength = (text: string): number => {
  const t = strip(text)
  if (t === '') return 0
  const opened = t.replace(LEAD, '')
  if (STRONG.some((re) => re.test(t))) return 1
  if (OPENING.some((re) => re.test(opened))) return 0.8
  const named = NAMED.exec(t)
  if (named !== null && contentTerms(named[1]!).length >= 1) return 0.5
  return 0
}

/** An utterance announcing what the meeting will cover: "today we have three things: ...", "on the agenda ...". */
const AGENDA = /\bagenda\b|\b(?:i|we) (?:want|need|have|'d like|would like) to (?:cover|discuss|go through|go over|talk about)\b|\b(?:two|three|four|five|six|few|couple of) (?:things|items|topics|points|subjects)\b|\b(?:today|this meeting)\b.*\b(?:discuss|cover|talk about|go through|go over|look at)\b/

/** Pieces of an agenda statement that each name one item. */
const agendaItems = (text: string): string[][] => {
  const lower = strip(text)
  const m = AGENDA.exec(lower)
  if (m === null) return []
  return lower
    .slice(m.index + m[0].length)
    .split(/[,;:]|\band then\b|\bthen\b|\band\b|\bafter that\b|\bfinally\b|\bfirst(?:ly)?\b|\bsecond(?:ly)?\b|\bthird(?:ly)?\b|\blast(?:ly)?\b/)
    // "three things today: ..." names no item in "today"
    .map((piece) => [...new Set(contentTerms(piece.replace(/\b[a-z]+\b/g, (w) => (META_WORDS.has(w) ? ' ' : w))))])
    .filter((stems) => stems.length >= 1 && stems.length <= 6)
}

/**
 * Cue strengths per utterance: explicit transitions, plus the first later
 * utterance that takes up each item of an agenda read out early in the meeting
 * (within its first fifth).
 */
export const cueStrengths = (texts: ReadonlyArray<string>, terms: ReadonlyArray<ReadonlyArray<string>>): number[] => {
  const out = texts.map(cueStrength)
  const early = Math.max(3, Math.ceil(texts.length / 5))
  for (let a = 0; a < Math.min(early, texts.length); a++) {
    const items = agendaItems(texts[a]!)
    if (items.length < 2) continue
    // reading the agenda out opens the meeting, not a new subject
    out[a] = 0
    let from = a + 1
    // items are usually taken up in the order they were read; the first follows the agenda in the same topic
    for (const [i, item] of items.entries()) {
      const need = Math.max(1, Math.ceil(item.length * 0.5))
      for (let u = from; u < texts.length; u++) {
        const have = new Set(terms[u])
        if (item.filter((s) => have.has(s)).length >= need) {
          // an item taken up with its own opener ("Okay. The on-call rota.") is two signs, not one
          if (i > 0) out[u] = out[u]! > 0 ? Math.min(1, out[u]! + 0.5) : 0.7
          from = u + 1
          break
        }
      }
    }
  }
  return out
}
