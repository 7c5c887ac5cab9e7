/**
 * Topic segmentation of the built-in analyzer on the multi-subject meetings
 * written for this project (`fixtures/meetings/*.json`: timed utterances and
 * gold `topics[].start` utterance indices). Pk and WindowDiff as on QMSum,
 * with the number of segments against the gold count.
 *
 * The meetings are split by a hash of the file name: in the order of their
 * hashes, every second one is `tune` (segmentation may be tuned on these, at
 * most half) and the rest `held-out` (never tuned on); both are reported apart.
 * Adding a meeting moves at most the meetings after it in that order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeTranscript, defaultBuiltinOptions, type BuiltinOptions } from '../../adapters/notes/builtin/index.js'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'
import { halfMeanSegment, pk, windowDiff } from './segmentation-metrics.js'

export const defaultMeetingsDir = join(import.meta.dirname, '..', '..', 'fixtures', 'meetings')

export interface WrittenMeeting {
  readonly file: string
  readonly title: string
  readonly startsAt: string
  readonly utterances: ReadonlyArray<Utterance>
  readonly topics: ReadonlyArray<{ readonly start: number; readonly label: string }>
}

export const loadWrittenMeetings = (dir: string): WrittenMeeting[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<WrittenMeeting, 'file'>) }))
    .filter((m) => Array.isArray(m.utterances) && Array.isArray(m.topics) && m.topics.length > 0)

const fnv1a = (text: string): number => {
  let h = 0x811c9dc5
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0
  return h
}

/** Which half each file is in: ordered by hash, odd positions tune (floor(n/2) of them). */
export const splitOf = (files: ReadonlyArray<string>): Map<string, 'tune' | 'held-out'> =>
  new Map([...files].sort((a, b) => fnv1a(a) - fnv1a(b) || (a < b ? -1 : 1)).map((f, i) => [f, i % 2 === 1 ? 'tune' : 'held-out'] as const))

/** Segment label per utterance from the gold topic starts. */
export const labelsFromStarts = (n: number, starts: ReadonlyArray<number>): number[] => {
  const sorted = [...new Set(starts.filter((s) => s > 0 && s < n))].sort((a, b) => a - b)
  let label = 0
  return Array.from({ length: n }, (_, u) => {
    while (label < sorted.length && sorted[label]! <= u) label++
    return label
  })
}

export interface WrittenResult {
  readonly file: string
  readonly split: 'tune' | 'held-out'
  readonly pk: number
  readonly windowDiff: number
  readonly segments: number
  readonly gold: number
  readonly labels: ReadonlyArray<string>
}

export const scoreWrittenMeeting = (
  m: WrittenMeeting,
  split: 'tune' | 'held-out',
  options: BuiltinOptions = defaultBuiltinOptions,
): WrittenResult => {
  const out = analyzeTranscript({ title: m.title, startsAt: m.startsAt, utterances: m.utterances, attendees: [] }, options)
  if (out._tag === 'Left') throw new Error(`${m.file}: ${out.left.message}`)
  // the analyzer drops empty utterances, so its indices are mapped back to the file's
  const kept = m.utterances.flatMap((u, i) => (u.text.trim() === '' ? [] : [i]))
  const n = m.utterances.length
  const hypothesis = labelsFromStarts(n, out.right.spans.map((s) => kept[s.first] ?? 0))
  const reference = labelsFromStarts(n, m.topics.map((t) => t.start))
  const k = halfMeanSegment(reference)
  return {
    file: m.file,
    split,
    pk: pk(reference, hypothesis, k),
    windowDiff: windowDiff(reference, hypothesis, k),
    segments: out.right.spans.length,
    gold: new Set(reference).size,
    labels: out.right.notes.topics.map((t) => t.label),
  }
}

export const scoreWrittenMeetings = (meetings: ReadonlyArray<WrittenMeeting>, options: BuiltinOptions = defaultBuiltinOptions): WrittenResult[] => {
  const splits = splitOf(meetings.map((m) => m.file))
  return meetings.map((m) => scoreWrittenMeeting(m, splits.get(m.file)!, options))
}

const mean = (xs: ReadonlyArray<number>): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

/** Prints the table (and, verbose, each meeting with its labels); says so and returns when the folder is absent. */
export const reportWrittenMeetings = (dir: string, verbose = false): void => {
  if (!existsSync(dir)) {
    console.log(`Written meetings: none at ${dir}; segmentation on them skipped.`)
    return
  }
  const results = scoreWrittenMeetings(loadWrittenMeetings(dir))
  console.log(`Topic segmentation on the meetings written for this project (${dir}; lower is better)`)
  console.log('set        n   Pk     WinDiff  segments  gold')
  for (const [name, rs] of [
    ['tune', results.filter((r) => r.split === 'tune')],
    ['held-out', results.filter((r) => r.split === 'held-out')],
    ['all', results],
  ] as const) {
    if (rs.length === 0) continue
    const f = (x: number, d: number): string => x.toFixed(d)
    console.log(
      `${name.padEnd(9)} ${String(rs.length).padStart(2)}  ${f(mean(rs.map((r) => r.pk)), 3)}  ${f(mean(rs.map((r) => r.windowDiff)), 3).padStart(7)}  ${f(mean(rs.map((r) => r.segments)), 1).padStart(8)}  ${f(mean(rs.map((r) => r.gold)), 1).padStart(4)}`,
    )
  }
  if (verbose)
    for (const r of results)
      console.log(`  ${r.file.padEnd(32)} ${r.split.padEnd(8)} Pk ${r.pk.toFixed(3)} WD ${r.windowDiff.toFixed(3)} ${r.segments}/${r.gold}: ${r.labels.join(' | ')}`)
}
