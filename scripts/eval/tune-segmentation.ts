/**
 * node --import tsx scripts/eval/tune-segmentation.ts '{"penalty":[12.5,15],"lexicalWeight":[0,0.3]}' [--meetings dir] [--file qmsum.jsonl]
 *
 * Scores every combination of the given segmentation options (the rest at
 * their defaults) on the QMSum validation set and on the `tune` half of the
 * written meetings only: the `held-out` half is never read here, so it stays
 * unseen by whoever tunes with this. Prints Pk, WindowDiff and segments per
 * combination; it is how the defaults in segment.ts were chosen.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { defaultBuiltinOptions } from '../../adapters/notes/builtin/index.js'
import { defaultSegmentOptions, segmentTopics, type SegmentOptions } from '../../adapters/notes/builtin/topics/segment.js'
import { termsByUtterance, toSentences } from '../../adapters/notes/builtin/text/sentences.js'
import { defaultMeetingsDir, loadWrittenMeetings, scoreWrittenMeeting, splitOf } from './meetings-segmentation.js'
import { defaultEvalFile, loadMeetings, withTimings } from './qmsum.js'
import { halfMeanSegment, labelsFromSpans, pk, windowDiff } from './segmentation-metrics.js'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: 'string', default: defaultEvalFile(process.env) },
    meetings: { type: 'string', default: defaultMeetingsDir },
  },
})

const grid = JSON.parse(positionals[0] ?? '{}') as Record<string, ReadonlyArray<number>>
let combos: Array<Partial<SegmentOptions>> = [{}]
for (const [key, values] of Object.entries(grid)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })))

const qmsum = existsSync(args.file)
  ? loadMeetings(args.file).map((m) => {
      const utterances = withTimings(m.utterances)
      return { m, utterances, terms: termsByUtterance(utterances.length, toSentences(utterances)) }
    })
  : []
const written = existsSync(args.meetings) ? loadWrittenMeetings(args.meetings) : []
const splits = splitOf(written.map((m) => m.file))
const tuneHalf = written.filter((m) => splits.get(m.file) === 'tune')
const mean = (xs: ReadonlyArray<number>): string => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(3)

console.log(`QMSum: ${qmsum.length} meetings; written meetings, tune half: ${tuneHalf.length} of ${written.length}`)
for (const c of combos) {
  const options: SegmentOptions = { ...defaultSegmentOptions, ...c }
  const q = qmsum.map(({ m, utterances, terms }) => {
    const n = m.utterances.length
    const reference = labelsFromSpans(n, m.reference_topics.flatMap((t) => t.spans))
    const spans = segmentTopics(terms, options, utterances)
    const hypothesis = new Array<number>(n).fill(0)
    spans.forEach((s, i) => hypothesis.fill(i, s.first, s.last + 1))
    const k = halfMeanSegment(reference)
    return { pk: pk(reference, hypothesis, k), wd: windowDiff(reference, hypothesis, k), segments: spans.length }
  })
  const w = tuneHalf.map((m) => scoreWrittenMeeting(m, 'tune', { ...defaultBuiltinOptions, segmentation: options }))
  console.log(
    `${JSON.stringify(c)}  QMSum Pk ${mean(q.map((r) => r.pk))} WD ${mean(q.map((r) => r.wd))} seg ${mean(q.map((r) => r.segments))}` +
      `  written(tune) Pk ${mean(w.map((r) => r.pk))} WD ${mean(w.map((r) => r.windowDiff))} seg ${mean(w.map((r) => r.segments))}/${mean(w.map((r) => r.gold))}`,
  )
}
