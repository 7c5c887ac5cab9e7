import { getPriority } from 'node:os'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BACKGROUND_NICENESS, runProcess } from '../../../../adapters/speech/audio/index.js'
import { right } from '../../../support/run.js'

/** The program's own niceness, read after a pause that lets the parent lower it first (field 19 of /proc/self/stat). */
const ownNiceness = (niceness?: number) =>
  right(runProcess('sh', ['-c', "sleep 0.3; cut -d ' ' -f 19 /proc/$$/stat"], { timeoutMs: 10_000, ...(niceness === undefined ? {} : { niceness }) }))

test('programs run below the server\'s CPU priority, so requests are answered first; niceness 0 keeps it', async () => {
  const base = getPriority()
  assert.is(Number((await ownNiceness()).stdout.trim()), Math.min(19, base + BACKGROUND_NICENESS))
  assert.is(Number((await ownNiceness(0)).stdout.trim()), base)
})

test('a program whose signal aborts is killed, and the run fails saying it was stopped', async () => {
  const controller = new AbortController()
  // The program tells it has started (a line on stdout); the abort comes then, long before its hour ends.
  const running = runProcess('sh', ['-c', 'echo started; exec sleep 3600'], { timeoutMs: 7_200_000, signal: controller.signal, onStdout: () => controller.abort() })()
  const result = await running
  assert.equal(result, { _tag: 'Left', left: { _tag: 'SpawnFailed', binary: 'sh', message: 'it was stopped: processing passed its time limit' } })
  const already = new AbortController()
  already.abort()
  const never = await runProcess('sh', ['-c', 'sleep 3600'], { timeoutMs: 7_200_000, signal: already.signal })()
  assert.is(never._tag, 'Left', 'an already aborted signal stops it at once')
})

test('a stopped program whose own child still holds its output ends at once, without waiting for that child', async () => {
  const controller = new AbortController()
  // The shell starts a child that outlives it with the same output, says the child's pid, and is then stopped.
  let orphan = 0
  const result = await runProcess('sh', ['-c', 'sleep 60 & echo $!; wait'], {
    timeoutMs: 7_200_000,
    signal: controller.signal,
    onStdout: (text) => {
      orphan = Number(text.trim())
      controller.abort()
    },
  })()
  try {
    assert.is(result._tag, 'Left')
    // Still alive: the run ended without waiting for the child to close the output it shares.
    assert.ok(orphan > 0 && process.kill(orphan, 0), 'the child is still running when the run has ended')
  } finally {
    if (orphan > 0) process.kill(orphan, 'SIGKILL')
  }
})

test.run()
