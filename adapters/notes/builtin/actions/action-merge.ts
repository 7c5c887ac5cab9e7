/**
 * One item per task: items of a meeting that restate the same task become
 * one, keeping the most specific wording, a due date when either has one,
 * the earliest moment it was said and every utterance it came from. Two items
 * are one task when their owners agree (the same, or one unknown) and
 * - they come from the same sentence (a request and its acceptance), or the
 *   later one only from turns of an accepted request ("Sure, I'll send options"), or
 * - their titles share most content words, anywhere in the meeting, or
 * - the later one follows closely and either shares a content word with it
 *   or has nothing specific of its own ("Send it to the board", "Do that")
 *   and the earlier one is the task said last, or
 * - the earlier one is a bare verb ("Look", "Look at it") a turn or two before, or
 * - the later one is a step asked for once the task said last is done
 *   ("send me a screenshot when it's done"), by the same owner.
 */
import type { DraftActionItem } from '../../../../src/core/domain/notes/notes.js'
import { contentTerms } from '../text/terms.js'

export interface FoundActionItem {
  readonly item: DraftActionItem
  /** Indices of the utterances it was made from, ascending; the first is where the task was first said. */
  readonly sources: ReadonlyArray<number>
  /** Its words come from a cue that frames a task ("I'll ...", "can you ..."), not from a loose need: better wording. */
  readonly framed?: boolean
}

export interface MergeOptions {
  /** Share of the smaller title's content terms found in the other's, from which two titles name one task. */
  readonly overlap: number
  /** Utterances after an item within which an item sharing a content word with it restates it. */
  readonly near: number
  /** Utterances after an item within which an item with nothing specific ("Send it over") restates it. */
  readonly nearVague: number
}

/** Chosen on the training rows and the written meetings (see docs/analyzer.md). */
export const defaultMergeOptions: MergeOptions = { overlap: 0.6, near: 6, nearVague: 2 }

/** Content terms of a title without its verb, which many different tasks share ("send"). */
const objectTerms = (title: string): Set<string> => new Set(contentTerms(title.split(/\s+/).slice(1).join(' ')))

/** Verbs that say little about which task it is. */
const GENERIC = new Set(['send', 'get', 'take', 'check', 'put', 'set', 'follow', 'ask', 'tell', 'let', 'sort', 'handl', 'do', 'find', 'share', 'look'])
/** Every content term of a title but the generic verbs: "Do the load test" and "Run the load test" share "test". */
const titleTerms = (title: string): Set<string> => new Set(contentTerms(title).filter((t) => !GENERIC.has(t)))

/** A step conditioned on the task before it being done: "when it's done", "once that's fixed". */
const AFTER_DONE = /\b(?:when|once|after|as soon as) (?:it|that|this|they|those)(?:'s| is| has been|'re| are| have been) (?:done|fixed|finished|ready|live|sorted|in|up|out|through|merged|shipped|deployed|moved|changed)\b/i

/** A verb with nothing to act on but a pointer: "Look", "Look at it", "Do that". */
const BARE = /^\S+(?:(?: (?:at|to|on|with|about|into|for|over))? (?:it|that|this|them))?$/i

// "Send them the form": "them" receives, the form is the object
const VAGUE_OBJECT = /^\S+\s+(?:it|that|this|them|those|these|one|something|things?|stuff)\b(?! (?:the|a|an|our|my|your|their|some|two|three)\b)/i

/** "Send it over", "Do that": a title whose object only points back at an earlier task. */
export const isVague = (title: string, terms: Set<string>): boolean => terms.size === 0 || VAGUE_OBJECT.test(title)

const overlapShare = (a: Set<string>, b: Set<string>): { shared: number; share: number } => {
  let shared = 0
  for (const t of a) if (b.has(t)) shared++
  const smaller = Math.min(a.size, b.size)
  return { shared, share: smaller === 0 ? 0 : shared / smaller }
}

const ownersAgree = (a: DraftActionItem, b: DraftActionItem): boolean => a.owner === null || b.owner === null || a.owner === b.owner

const specificity = (i: DraftActionItem, terms: Set<string>): number => (isVague(i.title, terms) ? -1 : terms.size)

const merged = (a: FoundActionItem, b: FoundActionItem): FoundActionItem => {
  const [first, later] = (a.item.atMs ?? 0) <= (b.item.atMs ?? 0) ? [a, b] : [b, a]
  // a vague restatement ("Send it to them tomorrow") never gives the wording, then framed tasks before loose needs
  const rank = (f: FoundActionItem): number => {
    const spec = specificity(f.item, objectTerms(f.item.title))
    return spec < 0 ? -1 : (f.framed === true ? 100 : 0) + spec
  }
  const wordingFrom = rank(later) > rank(first) ? later : first
  const wording = wordingFrom.item
  const due = wording.due ?? first.item.due ?? later.item.due
  const tags = [...new Set([...first.item.tags, ...later.item.tags].filter((t) => t !== 'deadline')), ...(due !== null ? ['deadline'] : [])]
  return {
    item: { ...wording, owner: first.item.owner ?? later.item.owner, due, tags, atMs: first.item.atMs ?? null },
    sources: [...new Set([...a.sources, ...b.sources])].sort((x, y) => x - y),
    framed: first.framed === true || later.framed === true,
  }
}

export const mergeSameTasks = (found: ReadonlyArray<FoundActionItem>, options: MergeOptions = defaultMergeOptions): FoundActionItem[] => {
  const out: FoundActionItem[] = []
  const terms: Array<Set<string>> = []
  const words: Array<Set<string>> = []
  // every sentence each kept item was made from: a request and its acceptance share theirs
  const contexts: Array<Set<string>> = []
  for (const f of found) {
    const t = objectTerms(f.item.title)
    const fWords = titleTerms(f.item.title)
    const vague = isVague(f.item.title, t)
    const start = f.sources[0] ?? 0
    let j = -1
    // the latest earlier item first: a restatement points back at what was just said
    for (let k = out.length - 1; k >= 0 && j < 0; k--) {
      const o = out[k]!
      if (!ownersAgree(o.item, f.item)) continue
      // a request and its acceptance, restated in the acceptance turn ("Sure, I'll send some options")
      const within = o.sources.length > 1 && f.sources.every((x) => o.sources.includes(x))
      if (contexts[k]!.has(f.item.context) || within) j = k
      else {
        const { shared, share } = overlapShare(terms[k]!, t)
        const gap = start - (o.sources[o.sources.length - 1] ?? 0)
        // "it" points back only a turn or two, and at the task said last (whoever owns it); a shared word holds a little longer.
        // A bare verb then a task ("Look", then "Arrange a viewing") name one task; so does a step asked for once the
        // task just given is done ("send me a screenshot when it's done")
        const last = k === out.length - 1
        const pointsBack = (vague && last) || BARE.test(o.item.title) || (AFTER_DONE.test(f.item.context) && last && o.item.owner !== null && o.item.owner === f.item.owner)
        const related = (gap <= options.nearVague && pointsBack) || (gap <= options.near && overlapShare(words[k]!, fWords).shared > 0)
        if ((shared >= Math.min(2, Math.min(t.size, terms[k]!.size)) && shared > 0 && share >= options.overlap) || related) j = k
      }
    }
    if (j < 0) {
      out.push(f)
      terms.push(t)
      words.push(fWords)
      contexts.push(new Set([f.item.context]))
    } else {
      out[j] = merged(out[j]!, f)
      terms[j] = objectTerms(out[j]!.item.title)
      words[j] = titleTerms(out[j]!.item.title)
      contexts[j]!.add(f.item.context)
    }
  }
  return out
}
