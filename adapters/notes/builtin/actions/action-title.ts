/**
 * A short imperative title for an action item from the words of its task:
 * "sending the deck over by Friday, if that works" becomes "Send the deck over".
 */
import { baseForm } from './action-cues.js'
import { DANGLING_ENDINGS } from '../text/words.js'

const MAX_WORDS = 10

/** Words that open a phrase: a long title may end before one. */
const PHRASE_START = /^(?:to|for|with|in|on|at|from|about|of|by|into|that|which|who|so|because|while|where|and|or|but)$/i

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Who "me" and "you" are in the task's words, when known (first names). */
export interface TitlePeople {
  readonly me?: string | null
  readonly you?: string | null
}

/** Request wording that may open a task's words: never part of a title. */
const REQUEST_OPENING = /^(?:(?:could|can|would|will) (?:you|someone|somebody|anyone|one of you)|would you mind|do you (?:want to|mind|still|already)?|please|just)\s+/i

const SUBJECT_NEXT = /^(?:can|could|will|would|should|might|must|need|needs|have|has|are|were|do|did|want|know|get|think|'ll|'d)$/i

const POINTING = /^(?:it|that|this|them|those|these)$/i

/** A title names no "I", "me" or "you": the person when known ("Send Thomas a blurb"), else the words go. */
const withoutPronouns = (words: string[], people: TitlePeople): string[] => {
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const bare = w.toLowerCase().replace(/[^a-z']/g, '')
    // "funds I know well", "whether you can swap": a clause about the speakers ends the title unless the person is known
    if (i >= 2 && (bare === 'i' || bare === "i'm" || bare === "i'll" || bare === "i've" || bare === "i'd")) break
    // "you" before a verb says who acts ("whether you can swap"); after one it is who receives ("send you two dates")
    if (i >= 2 && bare === 'you' && SUBJECT_NEXT.test(words[i + 1] ?? '')) {
      if (people.you == null) break
      out.push(people.you)
      continue
    }
    if (bare === 'me' || bare === 'you' || bare === 'us') {
      const name = bare === 'me' ? people.me : bare === 'you' ? people.you : null
      if (name != null) out.push(name)
      continue
    }
    out.push(w)
  }
  return out
}

export const imperativeTitle = (task: string, dueText?: string, people: TitlePeople = {}): string => {
  const title = titleOf(task, dueText, people)
  // "I can take the 26th": a date that is the verb's object stays, never a bare "Take"
  return !title.includes(' ') && dueText !== undefined && /^the\b/i.test(dueText) && new RegExp(`^\\S+\\s+${escape(dueText)}`, 'i').test(task) ? titleOf(task, undefined, people) : title
}

const titleOf = (task: string, dueText: string | undefined, people: TitlePeople): string => {
  // "check if we have budget left": the question is the task, not a condition
  let t = task.replace(/^(check|ask|see|find out|confirm|verify|figure out|work out)\s+if\b/i, '$1 whether')
  for (let before = ''; before !== t; ) {
    before = t
    t = t.replace(REQUEST_OPENING, '')
  }
  if (dueText !== undefined && dueText !== '') {
    t = t.replace(new RegExp(`\\s*(?:\\b(?:by|before|on|until|for|no later than|sometime|at)\\s+)?${escape(dueText)}`, 'i'), '')
  }
  // the task ends where the sentence moves on to reasons, conditions or another clause
  // "... by Monday and Dev, you could ...": a new clause addressed to someone else
  t = t.replace(/\s+(?:and|but|or|then)\s+[A-Z][a-z]+,.*$/, '')
  t = t.split(/\s*[;:?!]\s*|,\s+|\.\s|\s(?:(?:that|it|which)(?:'d| would| will) be|so that|so|because|since|but|if|unless|once|when|and then|and we|and I|and you|I mean|you know|like I said|(?:before|after|until) (?:I|we|you|they))\s/i)[0] ?? t
  t = t.replace(/[.!?,]+$/, '').replace(/(?:\s+(?:please|for me|as well|too|then|okay|ok|right|alright|yeah|now|here|there|again|anyway))+$/i, '')
  const words = withoutPronouns(
    t.split(/\s+/).filter((w) => w !== ''),
    people,
  )
  if (words.length === 0) return 'Follow up'
  words[0] = baseForm(words[0]!)
  // too long for a title: end it before the "and" that joins a second task ("... service and send the results"),
  // else before a phrase (a preposition or a clause), never inside one; a title with no such place stays whole
  const joint = words.length > MAX_WORDS ? words.slice(3, MAX_WORDS + 1).lastIndexOf('and') : -1
  const phraseEnd = (): number => {
    for (let i = MAX_WORDS; i >= 3; i--) if (PHRASE_START.test(words[i] ?? '')) return i
    return words.length
  }
  let cut = joint >= 0 ? words.slice(0, joint + 3) : words.length > MAX_WORDS ? words.slice(0, phraseEnd()) : words
  const dangling = (w: string): boolean => DANGLING_ENDINGS.has(w) || /^(?:before|after|until|till|ahead|then|so|whether)$/.test(w)
  const full = cut
  while (cut.length > 1 && dangling(cut[cut.length - 1]!.toLowerCase())) cut = cut.slice(0, -1)
  // never a bare verb: "Look at it" says more than "Look"
  if (cut.length === 1 && full.length > 1) {
    const pointer = full.findLastIndex((w) => POINTING.test(w))
    if (pointer > 0) cut = full.slice(0, pointer + 1)
  }
  const title = cut.join(' ')
  return title[0]!.toUpperCase() + title.slice(1)
}
