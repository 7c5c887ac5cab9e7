/**
 * Action-item quality on the labelled rows (fixtures/action-items/{dev,test}.jsonl).
 * Each row runs as a small transcript (its `before` turns, the target, its
 * `after`); the target counts as predicted positive when an item was made
 * from it: its sources include the target (the built-in analyzer says them),
 * or, for analyzers that only cite a moment, its atMs is the target's start.
 * Owner and due accuracy are among true positives, of the item made from the
 * target. Decisions: the target is a predicted decision when a decision's
 * atMs is its start.
 */
import type { Notes } from '../../src/core/domain/notes/notes.js'
import type { AnalysisInput } from '../../src/core/ports/analyzer.js'
import { prf, type Prf } from './action-training.js'
import { transcriptOf, type LabelledRow } from './labelled-rows.js'

/** What an analyzer said about a row's transcript. */
export interface RowOutput {
  readonly notes: Notes
  /** Per item, the utterance indices it was made from, when the analyzer says. */
  readonly itemSources?: ReadonlyArray<ReadonlyArray<number>>
}

export interface ActionItemScore extends Prf {
  readonly rows: number
  readonly truePositives: number
  readonly predicted: number
  readonly labelled: number
  readonly ownerAccuracy: number
  readonly dueAccuracy: number
  readonly decision: Prf & { readonly labelled: number }
  readonly mistakes: ReadonlyArray<string>
}

export const rowInput = (row: LabelledRow): { input: AnalysisInput; target: number } => {
  const { utterances, target } = transcriptOf(row)
  return { input: { title: row.meeting, startsAt: row.startsAt, utterances, attendees: [] }, target }
}

const show = (row: LabelledRow): string =>
  `${row.id}${row.hard === '' ? '' : ` [${row.hard}]`}: ${row.before.map((t) => `${t.speaker}: ${t.text} | `).join('')}>> ${row.speaker}: ${row.text}${row.after === null ? '' : ` | ${row.after.speaker}: ${row.after.text}`}`

export const scoreRows = async (
  rows: ReadonlyArray<LabelledRow>,
  analyze: (input: AnalysisInput) => Promise<RowOutput | null>,
): Promise<ActionItemScore> => {
  let tp = 0
  let predicted = 0
  let ownerOk = 0
  let dueOk = 0
  let decTp = 0
  let decPredicted = 0
  const mistakes: string[] = []
  for (const row of rows) {
    const { input, target } = rowInput(row)
    const out = await analyze(input)
    const at = input.utterances[target]!.start_ms
    const items = out?.notes.actionItems ?? []
    const index = items.findIndex((item, i) => {
      const sources = out?.itemSources?.[i]
      return sources !== undefined ? sources.includes(target) : item.atMs === at
    })
    const found = index >= 0
    if (found) predicted++
    if (found && row.action) {
      tp++
      const item = items[index]!
      if (item.owner === row.owner) ownerOk++
      else mistakes.push(`owner ${JSON.stringify(item.owner)} != ${JSON.stringify(row.owner)}: ${show(row)}`)
      if (item.due === row.due) dueOk++
      else mistakes.push(`due ${JSON.stringify(item.due)} != ${JSON.stringify(row.due)}: ${show(row)}`)
    } else if (found !== row.action) {
      mistakes.push(`${found ? `false positive "${items[index]!.title}"` : 'missed'}: ${show(row)}`)
    }
    const decided = (out?.notes.decisions ?? []).some((d) => d.atMs === at)
    if (decided) decPredicted++
    if (decided && row.decision) decTp++
    if (decided !== row.decision) mistakes.push(`decision ${decided ? 'false positive' : 'missed'}: ${show(row)}`)
  }
  const labelled = rows.filter((r) => r.action).length
  const decLabelled = rows.filter((r) => r.decision).length
  return {
    ...prf(tp, predicted, labelled),
    rows: rows.length,
    truePositives: tp,
    predicted,
    labelled,
    ownerAccuracy: tp === 0 ? 0 : ownerOk / tp,
    dueAccuracy: tp === 0 ? 0 : dueOk / tp,
    decision: { ...prf(decTp, decPredicted, decLabelled), labelled: decLabelled },
    mistakes,
  }
}
