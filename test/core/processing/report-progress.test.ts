import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { progressOf } from '../../../src/core/domain/recordings/run.js'
import { PROGRESS_INTERVAL_MS, progressReporter } from '../../../src/core/processing/report-progress.js'
import { run } from '../../../src/contracts/recording-stores.js'
import { right } from '../../support/run.js'

const s = suite('processing progress: throttled writes onto the run')

const world = async (state: 'transcribing' | 'analysing' = 'transcribing') => {
  const runs = memoryRunStore()
  const clock = fixedClock('2026-06-01T12:00:00.000Z')
  const r = run(1, { state, source: { kind: 'audio', key: 'k', format: 'wav' } })
  await right(runs.create(r))
  const written = async () => O.toNullable(await right(runs.find(r.accountId, r.id)))!.progress
  return { runs, clock, r, written }
}

s('a step of 5 % or more is written at once; smaller steps wait for 2 s to pass', async () => {
  const { runs, clock, r, written } = await world()
  const progress = progressReporter({ runs, clock }, r, 'transcribing')
  progress.report(0.1)
  await progress.flushed()
  assert.is(await written(), 0.1)
  progress.report(0.12)
  await progress.flushed()
  assert.is(await written(), 0.1, '2 % within 2 s: not yet')
  clock.advance(PROGRESS_INTERVAL_MS)
  progress.report(0.13)
  await progress.flushed()
  assert.is(await written(), 0.13, 'once 2 s have passed, any progress')
  progress.report(0.2)
  await progress.flushed()
  assert.is(await written(), 0.2, '7 % at once')
  progress.report(0.1)
  progress.report(Number.NaN)
  await progress.flushed()
  assert.is(await written(), 0.2, 'never backwards, never nonsense')
  progress.report(7)
  await progress.flushed()
  assert.is(await written(), 1, 'clamped to 1')
})

s('a report for a stage the run has left is dropped by the store', async () => {
  const { runs, clock, r, written } = await world('analysing')
  const late = progressReporter({ runs, clock }, r, 'transcribing')
  late.report(0.9)
  await late.flushed()
  assert.is(await written(), null)
})

s('progressOf names the stage and is null outside processing', () => {
  assert.equal(progressOf({ state: 'stored', progress: null }), { stage: 'transcribing', fraction: 0 })
  assert.equal(progressOf({ state: 'transcribing', progress: 0.4 }), { stage: 'transcribing', fraction: 0.4 })
  assert.equal(progressOf({ state: 'analysing', progress: null }), { stage: 'analysing', fraction: 0 })
  for (const state of ['ready', 'failed', 'recording', 'awaiting_upload'] as const) assert.is(progressOf({ state, progress: 0.7 }), null, state)
})

s.run()
