import { getPriority } from 'node:os'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BACKGROUND_NICENESS, runProcess } from '../../../adapters/audio/index.js'
import { right } from '../../support/run.js'

/** The program's own niceness, read after a pause that lets the parent lower it first (field 19 of /proc/self/stat). */
const ownNiceness = (niceness?: number) =>
  right(runProcess('sh', ['-c', "sleep 0.3; cut -d ' ' -f 19 /proc/$$/stat"], { timeoutMs: 10_000, ...(niceness === undefined ? {} : { niceness }) }))

test('programs run below the server\'s CPU priority, so requests are answered first; niceness 0 keeps it', async () => {
  const base = getPriority()
  assert.is(Number((await ownNiceness()).stdout.trim()), Math.min(19, base + BACKGROUND_NICENESS))
  assert.is(Number((await ownNiceness(0)).stdout.trim()), base)
})

test.run()
