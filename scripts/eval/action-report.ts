/**
 * The action-item part of `npm run eval`: precision, recall and F1 on the
 * labelled dev and test rows (or one `--labelled` file), owner and due
 * accuracy, decisions, and on the written meetings the duplicate rate,
 * item recall and owner accuracy. `verbose` lists dev mistakes, never
 * test's: test is scored, not studied.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { analyzeTranscript } from '../../adapters/notes/builtin/index.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import type { AnalysisInput } from '../../src/core/ports/analyzer.js'
import { scoreRows, type RowOutput } from './action-items.js'
import { loadRows, splitFile } from './labelled-rows.js'
import { loadWrittenMeetings, scoreMeetingItems } from './meeting-items.js'

const fmt = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(3))
const pct = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)} %`)

export const defaultMeetingsDir = fileURLToPath(new URL('../../fixtures/meetings/', import.meta.url))

const runner =
  (analyzer: Analyzer) =>
  async (input: AnalysisInput): Promise<RowOutput | null> => {
    if (analyzer.name === 'builtin') {
      const out = analyzeTranscript(input)
      return out._tag === 'Right' ? { notes: out.right.notes, itemSources: out.right.itemSources } : null
    }
    const out = await analyzer.analyze(input)()
    return out._tag === 'Right' ? { notes: out.right } : null
  }

export const reportActionItems = async (
  analyzer: Analyzer,
  opts: { labelled?: string | undefined; meetings?: string | undefined; verbose: boolean },
): Promise<void> => {
  const run = runner(analyzer)
  const sets =
    opts.labelled !== undefined
      ? [{ name: opts.labelled, path: opts.labelled, listMistakes: opts.verbose }]
      : (['dev', 'test'] as const).map((s) => ({ name: s, path: fileURLToPath(splitFile(s)), listMistakes: opts.verbose && s === 'dev' }))
  console.log('Action items on labelled rows (each row a small transcript: turns before, target, turn after)')
  console.log('set    rows  pos   P      R      F1     owner  due    | decisions: n  P      R')
  for (const set of sets) {
    if (!existsSync(set.path)) {
      console.log(`${set.name}: no file at ${set.path}`)
      continue
    }
    const rows = loadRows(set.path)
    const s = await scoreRows(rows, run)
    console.log(
      `${set.name.padEnd(5)} ${String(s.rows).padStart(5)} ${String(s.labelled).padStart(4)}  ${fmt(s.precision)}  ${fmt(s.recall)}  ${fmt(s.f1)}  ` +
        `${fmt(s.ownerAccuracy)}  ${fmt(s.dueAccuracy)}  | ${String(s.decision.labelled).padStart(12)}  ${fmt(s.decision.precision)}  ${fmt(s.decision.recall)}`,
    )
    if (set.listMistakes) for (const m of s.mistakes) console.log(`  ${m}`)
  }

  const dir = opts.meetings ?? defaultMeetingsDir
  const meetings = loadWrittenMeetings(dir)
  if (meetings.length === 0) {
    console.log(`Written meetings: none at ${dir}`)
    return
  }
  console.log(`Action items of whole written meetings (${meetings.length} at ${dir})`)
  console.log('meeting                       gold  out  found  owner  due  dup  extra | decisions gold found out')
  const total = { gold: 0, output: 0, covered: 0, ownerRight: 0, dueRight: 0, duplicates: 0, unmatched: 0, dg: 0, df: 0, dout: 0 }
  for (const { name, meeting } of meetings) {
    const out = await run({ title: meeting.title, startsAt: meeting.startsAt, utterances: [...meeting.utterances], attendees: [] })
    if (out === null) continue
    const s = scoreMeetingItems(name, meeting, out)
    total.gold += s.gold
    total.output += s.output
    total.covered += s.covered
    total.ownerRight += s.ownerRight
    total.dueRight += s.dueRight
    total.duplicates += s.duplicates
    total.unmatched += s.unmatched
    total.dg += s.decisionsGold
    total.df += s.decisionsFound
    total.dout += s.decisionsOutput
    console.log(
      `${name.padEnd(29)} ${String(s.gold).padStart(4)} ${String(s.output).padStart(4)} ${String(s.covered).padStart(6)} ${String(s.ownerRight).padStart(6)} ` +
        `${String(s.dueRight).padStart(4)} ${String(s.duplicates).padStart(4)} ${String(s.unmatched).padStart(6)} | ${String(s.decisionsGold).padStart(14)} ${String(s.decisionsFound).padStart(5)} ${String(s.decisionsOutput).padStart(3)}`,
    )
    if (opts.verbose) for (const n of s.notes) console.log(n)
  }
  console.log(
    `all meetings: item recall ${fmt(total.covered / total.gold)}, items matching a task ${fmt((total.output - total.unmatched) / total.output)}, ` +
      `owner right ${fmt(total.ownerRight / total.covered)}, due right ${fmt(total.dueRight / total.covered)} of found tasks; ` +
      `duplicate rate ${pct(total.duplicates / total.output)} (${total.duplicates} of ${total.output} items); ` +
      `decisions found ${total.df} of ${total.dg} (${total.dout} output)`,
  )
}
