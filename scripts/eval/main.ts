/**
 * npm run eval [-- --file path.jsonl] [--analyzer builtin|openai] [--labelled rows.jsonl] [--meetings dir] [--split tune|held-out] [--verbose]
 *
 * The meetings are the QMSum validation set, which this repository does not
 * hold: `--file`, else NOTETAKER_EVAL_DATA, else `../shared/eval/qmsum-val.jsonl`
 * beside the checkout. Without it the run says so and skips (exit 0).
 *
 * Prints ROUGE-1/2/L of the detailed summary per domain and overall, Pk and
 * WindowDiff of the topic segmentation, then (action-report.ts) action-item
 * precision, recall and F1 on the labelled dev and test rows (`--labelled FILE`
 * for another), owner, due and decision scores, and on the written meetings
 * (`--meetings DIR`, default fixtures/meetings) the duplicate rate; the
 * built-in analyzer's segmentation is also scored on those meetings
 * (meetings-segmentation.ts). The action-item part runs whether or not the
 * QMSum file is there. `--split` scores one half of the QMSum meetings
 * only (`splitOf` in qmsum.ts): rules are tuned on `tune`, `held-out` says how
 * they do on meetings nobody tuned for. `--analyzer openai` scores the LLM adapter,
 * configured by NOTETAKER_ANALYZER_URL, NOTETAKER_ANALYZER_KEY,
 * NOTETAKER_ANALYZER_MODEL and NOTETAKER_ANALYZER_CONTEXT_TOKENS; it has no segmentation to score.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { analyzeTranscript, createBuiltinAnalyzer } from '../../adapters/notes/builtin/index.js'
import { createOpenAiAnalyzer } from '../../adapters/notes/openai/index.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import { reportActionItems } from './action-report.js'
import { defaultMeetingsDir, reportWrittenMeetings } from './meetings-segmentation.js'
import { defaultEvalFile, EVAL_SOURCE, loadMeetings, splitOf, withTimings } from './qmsum.js'
import { scoreMeeting, summarise, type MeetingResult } from './summary-eval.js'

const { values: args } = parseArgs({
  options: {
    file: { type: 'string', default: defaultEvalFile(process.env) },
    analyzer: { type: 'string', default: 'builtin' },
    labelled: { type: 'string' },
    meetings: { type: 'string', default: defaultMeetingsDir },
    split: { type: 'string', default: 'all' },
    verbose: { type: 'boolean', default: false },
  },
})

const pickAnalyzer = (): Analyzer => {
  if (args.analyzer === 'builtin') return createBuiltinAnalyzer()
  if (args.analyzer !== 'openai') throw new Error(`unknown analyzer ${args.analyzer}; use builtin or openai`)
  const baseUrl = process.env.NOTETAKER_ANALYZER_URL
  if (baseUrl === undefined || baseUrl === '') throw new Error('--analyzer openai needs NOTETAKER_ANALYZER_URL')
  return createOpenAiAnalyzer({
    baseUrl,
    ...(process.env.NOTETAKER_ANALYZER_KEY ? { apiKey: process.env.NOTETAKER_ANALYZER_KEY } : {}),
    model: process.env.NOTETAKER_ANALYZER_MODEL ?? 'gpt-4o-mini',
    ...(process.env.NOTETAKER_ANALYZER_CONTEXT_TOKENS ? { contextTokens: Number(process.env.NOTETAKER_ANALYZER_CONTEXT_TOKENS) } : {}),
    // a failed meeting is scored on the built-in notes, and the log says so
    fallback: createBuiltinAnalyzer(),
    logger: pino({ level: 'warn' }),
  })
}

const fmt = (x: number, digits = 2): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits))

const main = async (): Promise<void> => {
  const analyzer = pickAnalyzer()
  if (args.analyzer === 'builtin') reportWrittenMeetings(args.meetings, args.verbose)
  await qmsum(analyzer)
  await reportActionItems(analyzer, { labelled: args.labelled, meetings: args.meetings, verbose: args.verbose })
}

const qmsum = async (analyzer: Analyzer): Promise<void> => {
  if (!existsSync(args.file)) {
    console.log(`eval skipped: no data at ${args.file}.`)
    console.log(`It scores the analyzer on ${EVAL_SOURCE}, which is not part of this repository.`)
    console.log('Put the file there, set NOTETAKER_EVAL_DATA to its path, or pass --file PATH.')
    return
  }
  console.log(`Data: ${EVAL_SOURCE}, read from ${args.file}`)
  if (!['all', 'tune', 'held-out'].includes(args.split)) throw new Error(`unknown split ${args.split}; use all, tune or held-out`)
  const meetings = loadMeetings(args.file).filter((m) => args.split === 'all' || splitOf(m.id) === args.split)
  const results: MeetingResult[] = []
  for (const m of meetings) {
    const input = { title: m.id, startsAt: '2024-01-15T10:00:00Z', utterances: withTimings(m.utterances), attendees: [] }
    if (analyzer.name === 'builtin') {
      const out = analyzeTranscript(input)
      if (out._tag === 'Left') throw new Error(`${m.id}: ${out.left.message}`)
      results.push(scoreMeeting(m, out.right.notes, out.right.spans))
    } else {
      const out = await analyzer.analyze(input)()
      if (out._tag === 'Left') throw new Error(`${m.id}: ${out.left.message}`)
      results.push(scoreMeeting(m, out.right))
    }
    if (args.verbose) {
      const r = results[results.length - 1]!
      console.log(`${r.id.padEnd(14)} R1 ${fmt(r.rouge1)} R2 ${fmt(r.rouge2)} RL ${fmt(r.rougeL)} words ${r.summaryWords} Pk ${fmt(r.pk ?? NaN)} WD ${fmt(r.windowDiff ?? NaN)}`)
    }
  }
  console.log(`Analyzer: ${analyzer.name}; ${meetings.length} meetings from ${args.file}${args.split === 'all' ? '' : ` (${args.split} half)`}`)
  console.log('Summary ROUGE F1 x100 of detailedSummary vs reference_summary; topic segmentation (lower is better)')
  console.log('domain      n   R-1    R-2    R-L    words   Pk     WinDiff  segments')
  for (const g of summarise(results)) {
    console.log(
      `${g.group.padEnd(10)} ${String(g.meetings).padStart(2)}  ${fmt(g.rouge1).padStart(5)}  ${fmt(g.rouge2).padStart(5)}  ${fmt(g.rougeL).padStart(5)}  ${fmt(g.summaryWords, 1).padStart(6)}  ${fmt(g.pk, 3).padStart(5)}  ${fmt(g.windowDiff, 3).padStart(7)}    ${fmt(g.segments, 1)}`,
    )
  }

}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exitCode = 1
})
