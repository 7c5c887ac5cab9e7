/**
 * Labelled action-item rows (fixtures/action-items/README.md): one target
 * utterance in its dialogue, with the labels a note-taker would write. A row
 * is read as a small transcript: its `before` turns, the target, its `after`.
 */
import { readFileSync } from 'node:fs'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'

export interface Turn {
  readonly speaker: string
  readonly text: string
}

export interface LabelledRow {
  readonly id: string
  readonly meeting: string
  readonly kind: string
  readonly startsAt: string
  readonly before: ReadonlyArray<Turn>
  readonly speaker: string
  readonly text: string
  readonly after: Turn | null
  readonly action: boolean
  readonly owner: string | null
  readonly due: string | null
  readonly title: string | null
  readonly decision: boolean
  readonly hard: string
}

export const actionItemsDir = new URL('../../fixtures/action-items/', import.meta.url)
export const splitFile = (split: 'train' | 'dev' | 'test'): URL => new URL(`${split}.jsonl`, actionItemsDir)

export const readJsonl = <T>(path: string | URL): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T)

export const loadRows = (path: string | URL): LabelledRow[] => readJsonl<LabelledRow>(path)

/** The row as a transcript, and the index of its target utterance. */
export const transcriptOf = (row: LabelledRow): { utterances: Utterance[]; target: number } => {
  const turns = [...row.before, { speaker: row.speaker, text: row.text }, ...(row.after === null ? [] : [row.after])]
  // a turn every ten seconds: each utterance has its own start, so an item's atMs names one
  const utterances = turns.map((t, i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 8_000, speaker: t.speaker, text: t.text }))
  return { utterances, target: row.before.length }
}

/** A single utterance of the first labelled sets (labelled.jsonl, held-out.jsonl), read as a row without context. */
interface OldRow {
  readonly style: string
  readonly speaker: string
  readonly text: string
  readonly action: boolean
  readonly owner?: string | null
  readonly due?: string | null
}

export const fromOldRow = (r: OldRow, i: number, file: string): LabelledRow => ({
  id: `v1-${file}-${String(i + 1).padStart(3, '0')}`,
  meeting: `v1-${file}-${r.style}`,
  kind: r.style,
  startsAt: '2024-03-13T15:00:00Z',
  before: [],
  speaker: r.speaker,
  text: r.text,
  after: null,
  action: r.action,
  owner: r.action ? (r.owner ?? null) : null,
  due: r.action ? (r.due ?? null) : null,
  title: null,
  decision: false,
  hard: '',
})
