/**
 * A short imperative title for an action item from the words of its task:
 * "sending the deck over by Friday, if that works" becomes "Send the deck over".
 */
import { baseForm } from './action-cues.js'
import { DANGLING_ENDINGS } from './words.js'

const MAX_WORDS = 10

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export const imperativeTitle = (task: string, dueText?: string): string => {
  let t = task
  if (dueText !== undefined && dueText !== '') {
    t = t.replace(new RegExp(`\\s*(?:\\b(?:by|before|on|until|for|no later than|sometime|at)\\s+)?${escape(dueText)}`, 'i'), '')
  }
  // the task ends where the sentence moves on to reasons, conditions or another clause
  // "... by Monday and Dev, you could ...": a new clause addressed to someone else
  t = t.replace(/\s+(?:and|but|or|then)\s+[A-Z][a-z]+,.*$/, '')
  t = t.split(/\s*[;:?!]\s*|,\s+|\.\s|\s(?:(?:that|it|which)(?:'d| would| will) be|so that|so|because|since|but|if|unless|once|when|and then|and we|and I|and you|I mean|you know|like I said|(?:before|after|until) (?:I|we|you|they))\s/i)[0] ?? t
  t = t.replace(/[.!?,]+$/, '').replace(/(?:\s+(?:please|for me|as well|too|then|okay|ok|right|alright|yeah|now|here|there|again|anyway))+$/i, '')
  const words = t.split(/\s+/).filter((w) => w !== '')
  if (words.length === 0) return 'Follow up'
  words[0] = baseForm(words[0]!)
  // too long for a title: end it before the "and" that joins a second task ("... service and send the results")
  const joint = words.length > MAX_WORDS ? words.slice(3, MAX_WORDS + 1).lastIndexOf('and') : -1
  let cut = joint >= 0 ? words.slice(0, joint + 3) : words.slice(0, MAX_WORDS)
  const dangling = (w: string): boolean => DANGLING_ENDINGS.has(w) || /^(?:before|after|until|till|ahead|then|so)$/.test(w)
  while (cut.length > 1 && dangling(cut[cut.length - 1]!.toLowerCase())) cut = cut.slice(0, -1)
  const title = cut.join(' ')
  return title[0]!.toUpperCase() + title.slice(1)
}
