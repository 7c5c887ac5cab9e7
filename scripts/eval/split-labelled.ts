/**
 * tsx scripts/eval/split-labelled.ts POOL.jsonl... [--train-only OLD.jsonl]... [--out DIR]
 *
 * Splits labelled rows into train, dev and test BY MEETING, deterministically:
 * within each meeting kind, meetings are ordered by a hash of their id, the
 * first three go to train, dev and test (so every kind with three meetings is
 * in each split), and each further one to the split furthest below its share
 * of that kind's rows (60 / 20 / 20), the split with fewer positives than its
 * share winning a tie. `--train-only` adds the first single-utterance sets
 * (labelled.jsonl, held-out.jsonl, read as rows without context) to train only,
 * as the old rules were tuned on them. Run once; never re-split after seeing
 * test results.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { actionItemsDir, fromOldRow, loadRows, readJsonl, type LabelledRow } from './labelled-rows.js'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'train-only': { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: fileURLToPath(actionItemsDir) },
  },
})

type Split = 'train' | 'dev' | 'test'
const SHARES: Record<Split, number> = { train: 0.6, dev: 0.2, test: 0.2 }
const SPLITS: Split[] = ['train', 'dev', 'test']

const hashOf = (id: string): string => createHash('sha256').update(id).digest('hex')

export const splitRows = (rows: ReadonlyArray<LabelledRow>): Record<Split, LabelledRow[]> => {
  const byMeeting = new Map<string, LabelledRow[]>()
  for (const r of rows) byMeeting.set(r.meeting, [...(byMeeting.get(r.meeting) ?? []), r])
  const kinds = new Map<string, string[]>()
  for (const [meeting, rs] of byMeeting) kinds.set(rs[0]!.kind, [...(kinds.get(rs[0]!.kind) ?? []), meeting])
  const out: Record<Split, LabelledRow[]> = { train: [], dev: [], test: [] }
  const byHash = (a: string, b: string): number => (hashOf(a) < hashOf(b) ? -1 : 1)
  const sorted = [...kinds.keys()].sort()
  for (const kind of sorted.filter((k) => kinds.get(k)!.length >= 3)) {
    const meetings = kinds.get(kind)!.sort(byHash)
    const rowsIn: Record<Split, number> = { train: 0, dev: 0, test: 0 }
    const posIn: Record<Split, number> = { train: 0, dev: 0, test: 0 }
    let total = 0
    let totalPos = 0
    meetings.forEach((m, i) => {
      const rs = byMeeting.get(m)!
      const pos = rs.filter((r) => r.action).length
      total += rs.length
      totalPos += pos
      const deficit = (s: Split): number => SHARES[s] * total - rowsIn[s]
      const posDeficit = (s: Split): number => SHARES[s] * totalPos - posIn[s]
      const split =
        i < 3
          ? SPLITS[i]!
          : [...SPLITS].sort((a, b) => deficit(b) - deficit(a) || posDeficit(b) - posDeficit(a))[0]!
      rowsIn[split] += rs.length
      posIn[split] += pos
      out[split].push(...rs)
    })
  }
  // kinds with fewer than three meetings cannot be in every split: each meeting fills the split furthest below its share overall
  const small = sorted.filter((k) => kinds.get(k)!.length < 3).flatMap((k) => kinds.get(k)!.sort(byHash))
  for (const m of small) {
    const rs = byMeeting.get(m)!
    const total = SPLITS.reduce((a, sp) => a + out[sp].length, 0) + rs.length
    const split = [...SPLITS].sort((a, b) => SHARES[b] * total - out[b].length - (SHARES[a] * total - out[a].length))[0]!
    out[split].push(...rs)
  }
  return out
}

const main = (): void => {
  if (positionals.length === 0) throw new Error('give the pool files to split')
  const pool = positionals.flatMap((p) => loadRows(p))
  const ids = new Set<string>()
  for (const r of pool) {
    if (ids.has(r.id)) throw new Error(`duplicate row id ${r.id}`)
    ids.add(r.id)
  }
  const split = splitRows(pool)
  const old = args['train-only']!.flatMap((p) =>
    readJsonl<Parameters<typeof fromOldRow>[0]>(p).map((r, i) => fromOldRow(r, i, basename(p, '.jsonl'))),
  )
  split.train.push(...old)
  for (const s of SPLITS) {
    const rows = split[s]
    writeFileSync(join(args.out!, `${s}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const kinds = new Set(rows.map((r) => r.kind))
    const meetings = new Set(rows.map((r) => r.meeting))
    console.log(
      `${s.padEnd(5)} ${String(rows.length).padStart(4)} rows, ${meetings.size} meetings, ${kinds.size} kinds, ` +
        `positive ${(rows.filter((r) => r.action).length / rows.length).toFixed(3)}`,
    )
  }
  if (old.length > 0) console.log(`train includes ${old.length} single-utterance rows from ${args['train-only']!.join(', ')}`)
}

main()
