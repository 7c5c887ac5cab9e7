/**
 * Action items of whole written meetings (fixtures/meetings/*.json, gold items
 * with every utterance where each task is said): an output item matches the
 * gold task whose utterances share most with its sources (or hold its atMs);
 * an item matching a task another item already covers is a duplicate.
 * Prints per meeting and overall: item recall, owner accuracy of matched
 * tasks, unmatched items, duplicate rate.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'
import { contentTerms } from '../../adapters/notes/builtin/text/terms.js'
import type { RowOutput } from './action-items.js'

export interface WrittenMeeting {
  readonly title: string
  readonly startsAt: string
  readonly utterances: ReadonlyArray<Utterance>
  readonly actionItems: ReadonlyArray<{ title: string; owner: string | null; due: string | null; utterances: number[] }>
  readonly decisions: ReadonlyArray<{ text: string; utterance: number }>
}

export const loadWrittenMeetings = (dir: string): Array<{ name: string; meeting: WrittenMeeting }> =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({ name: f.replace(/\.json$/, ''), meeting: JSON.parse(readFileSync(join(dir, f), 'utf8')) as WrittenMeeting }))
    : []

export interface MeetingItemScore {
  readonly name: string
  readonly gold: number
  readonly output: number
  readonly covered: number
  readonly ownerRight: number
  readonly dueRight: number
  readonly duplicates: number
  readonly unmatched: number
  readonly decisionsGold: number
  readonly decisionsFound: number
  readonly decisionsOutput: number
  readonly notes: ReadonlyArray<string>
}

export const scoreMeetingItems = (name: string, m: WrittenMeeting, out: RowOutput): MeetingItemScore => {
  const items = out.notes.actionItems
  const covered = new Set<number>()
  let duplicates = 0
  let unmatched = 0
  let ownerRight = 0
  let dueRight = 0
  const notes: string[] = []
  const firstMatch: number[] = []
  items.forEach((item, i) => {
    const sources = out.itemSources?.[i] ?? m.utterances.flatMap((u, k) => (u.start_ms === item.atMs ? [k] : []))
    // the gold task it was made from: one not yet covered if any shares a source (a sentence can hold two tasks),
    // then the most shared sources, then the most similar title
    const words = new Set(contentTerms(item.title))
    const similarity = (title: string): number => contentTerms(title).filter((t) => words.has(t)).length
    let best = -1
    let bestKey: [number, number, number] = [0, 0, 0]
    m.actionItems.forEach((g, k) => {
      const shared = g.utterances.filter((x) => sources.includes(x)).length
      if (shared === 0) return
      const key: [number, number, number] = [covered.has(k) ? 0 : 1, shared, similarity(g.title)]
      if (best < 0 || key[0] > bestKey[0] || (key[0] === bestKey[0] && (key[1] > bestKey[1] || (key[1] === bestKey[1] && key[2] > bestKey[2])))) {
        best = k
        bestKey = key
      }
    })
    firstMatch.push(best)
    if (best < 0) {
      unmatched++
      notes.push(`  extra: "${item.title}" (${item.owner ?? 'no owner'}) from ${sources.join(',')}`)
    } else if (covered.has(best)) {
      duplicates++
      const first = items.findIndex((x, j) => j < i && firstMatch[j] === best)
      notes.push(`  duplicate of "${m.actionItems[best]!.title}": "${item.title}" (${item.owner}) from ${sources.join(',')}; first as "${items[first]?.title}" (${items[first]?.owner}) from ${out.itemSources?.[first]?.join(',')}`)
    } else {
      covered.add(best)
      const g = m.actionItems[best]!
      if (item.owner === g.owner) ownerRight++
      else notes.push(`  owner ${JSON.stringify(item.owner)} != ${JSON.stringify(g.owner)}: "${g.title}"`)
      if (item.due === g.due) dueRight++
      else notes.push(`  due ${JSON.stringify(item.due)} != ${JSON.stringify(g.due)}: "${g.title}"`)
    }
  })
  m.actionItems.forEach((g, k) => {
    if (!covered.has(k)) notes.push(`  missed: "${g.title}" (${g.owner ?? 'no owner'}) at ${g.utterances.join(',')}`)
  })
  const decisionStarts = new Set(out.notes.decisions.map((d) => d.atMs))
  const decisionsFound = m.decisions.filter((d) => decisionStarts.has(m.utterances[d.utterance]?.start_ms ?? -1)).length
  return {
    name,
    gold: m.actionItems.length,
    output: items.length,
    covered: covered.size,
    ownerRight,
    dueRight,
    duplicates,
    unmatched,
    decisionsGold: m.decisions.length,
    decisionsFound,
    decisionsOutput: out.notes.decisions.length,
    notes,
  }
}
