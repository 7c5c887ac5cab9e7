// Loaded into a server a bench starts (`node --import ./bench/support/loop-delay-preload.mjs ...`)
// with BENCH_LOOP_DELAY_FILE set: each SIGUSR2 writes the main thread's event-loop delay and
// utilization since the previous one to that file, as JSON with a rising `seq`. See loop-delay.ts.
// Plain JavaScript: it runs before the server registers tsx.
import { renameSync, writeFileSync } from 'node:fs'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const RESOLUTION_MS = 10
const file = process.env.BENCH_LOOP_DELAY_FILE

// Worker threads inherit --import; only the thread that answers requests is measured.
if (isMainThread && file) {
  delete process.env.BENCH_LOOP_DELAY_FILE // processes the server starts measure nothing
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  let since = performance.eventLoopUtilization()
  let seq = 0
  // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
  const delay = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS)
  process.on('SIGUSR2', () => {
    const snapshot = {
      seq: ++seq,
      samples: histogram.count,
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
      utilization: performance.eventLoopUtilization(since).utilization,
    }
    histogram.reset()
    since = performance.eventLoopUtilization()
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot))
    renameSync(`${file}.tmp`, file)
  })
}
