/**
 * npm run bench:analyzer
 *
 * Times the built-in analyzer on synthetic meetings of 10 minutes, 1 hour and
 * 3 hours (about 1,700, 10,000 and 30,000 words) and prints, per size, the
 * median of several runs, its ratio to the 10-minute run, and that ratio
 * divided by the growth of n log n. A last column near 1 means n log n growth;
 * well above 1 would mean worse. A benchmark, not a test: figures depend on
 * the machine and its load.
 */
import { performance } from 'node:perf_hooks'
import { analyzeTranscript } from '../adapters/notes/builtin/index.js'
import { syntheticMeeting } from './analyzer-synthetic.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const sizes = [
  { name: '10 min', words: 1_700 },
  { name: '1 hour', words: 10_000 },
  { name: '3 hours', words: 30_000 },
]

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

const timeOnce = (words: number, seed: number): number => {
  const utterances = syntheticMeeting(words, seed)
  const t0 = performance.now()
  const out = analyzeTranscript({ title: 'Synthetic', startsAt: '2024-03-13T15:00:00Z', utterances, attendees: [] })
  const ms = performance.now() - t0
  if (out._tag === 'Left') throw new Error(out.left.message)
  return ms
}

// warm the JIT and the stem cache once, so the first size is not charged for it
timeOnce(5_000, 99)

const rows = sizes.map((s) => {
  const wordsActual = syntheticMeeting(s.words, 1).reduce((a, u) => a + u.text.split(/\s+/).length, 0)
  const times = Array.from({ length: RUNS }, (_, i) => timeOnce(s.words, i + 1))
  return { ...s, wordsActual, median: median(times), min: Math.min(...times), max: Math.max(...times) }
})
const base = rows[0]!
const nlogn = (n: number): number => n * Math.log2(n)
console.log(`Built-in analyzer, ${RUNS} runs per size (median, min..max in ms)`)
console.log('size      words   median ms   min..max        x 10-min   ratio / n log n')
for (const r of rows) {
  const ratio = r.median / base.median
  const growth = nlogn(r.wordsActual) / nlogn(base.wordsActual)
  console.log(
    `${r.name.padEnd(8)} ${String(r.wordsActual).padStart(6)}  ${r.median.toFixed(1).padStart(9)}   ${r.min.toFixed(1)}..${r.max.toFixed(1)}`.padEnd(56) +
      `${ratio.toFixed(2).padStart(7)}    ${(ratio / growth).toFixed(2)}`,
  )
}
