/**
 * Action-item precision and recall on the hand-labelled utterances of
 * fixtures/action-items/labelled.jsonl. An utterance counts as predicted
 * positive when the analyzer finds at least one action item in it alone.
 */
import { readFileSync } from 'node:fs'
import type { DraftActionItem } from '../../src/core/domain/notes.js'

export interface LabelledUtterance {
  readonly style: string
  readonly speaker: string
  readonly text: string
  readonly action: boolean
  readonly owner?: string | null
  readonly due?: string | null
}

/** The meeting start all labels were written against (a Wednesday). */
export const labelledStartsAt = '2024-03-13T15:00:00Z'
export const defaultLabelledFile = new URL('../../fixtures/action-items/labelled.jsonl', import.meta.url)

export const loadLabelled = (path: string | URL = defaultLabelledFile): LabelledUtterance[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelledUtterance)

export interface ActionItemScore {
  readonly precision: number
  readonly recall: number
  readonly truePositives: number
  readonly predicted: number
  readonly labelled: number
  /** Among true positives: share whose first item has the labelled owner, and due date. */
  readonly ownerAccuracy: number
  readonly dueAccuracy: number
  readonly mistakes: ReadonlyArray<string>
}

export const scoreActionItems = async (
  rows: ReadonlyArray<LabelledUtterance>,
  extract: (row: LabelledUtterance) => Promise<ReadonlyArray<DraftActionItem>>,
): Promise<ActionItemScore> => {
  let tp = 0
  let predicted = 0
  let ownerOk = 0
  let dueOk = 0
  const mistakes: string[] = []
  for (const row of rows) {
    const items = await extract(row)
    const found = items.length > 0
    if (found) predicted++
    if (found && row.action) {
      tp++
      const item = items[0]!
      if (item.owner === (row.owner ?? null)) ownerOk++
      else mistakes.push(`owner ${JSON.stringify(item.owner)} != ${JSON.stringify(row.owner)}: ${row.text}`)
      if (item.due === (row.due ?? null)) dueOk++
      else mistakes.push(`due ${JSON.stringify(item.due)} != ${JSON.stringify(row.due)}: ${row.text}`)
    } else if (found !== row.action) {
      mistakes.push(`${found ? 'false positive' : 'missed'}: ${row.text}`)
    }
  }
  const labelled = rows.filter((r) => r.action).length
  return {
    precision: predicted === 0 ? 0 : tp / predicted,
    recall: labelled === 0 ? 0 : tp / labelled,
    truePositives: tp,
    predicted,
    labelled,
    ownerAccuracy: tp === 0 ? 0 : ownerOk / tp,
    dueAccuracy: tp === 0 ? 0 : dueOk / tp,
    mistakes,
  }
}
