import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { progressReporter } from '../../../../adapters/speech/models/progress.js'

const MB = 1_000_000

test('on a terminal: one line redrawn in place with a bar, percent, MB, speed and time left', () => {
  const written: string[] = []
  let now = 0
  const r = progressReporter({ isTTY: true, columns: 200, write: (s) => written.push(s) }, 'ggml-base.en.bin', () => now)
  r.update({ received: 0, total: 100 * MB, startedAt: 0 })
  now = 10_000
  r.update({ received: 50 * MB, total: 100 * MB, startedAt: 0 })
  now = 10_050
  r.update({ received: 51 * MB, total: 100 * MB, startedAt: 0 }) // within 100 ms: not redrawn
  now = 20_000
  r.update({ received: 100 * MB, total: 100 * MB, startedAt: 0 })
  r.end()
  assert.is(written.length, 4)
  assert.ok(written.slice(0, 3).every((w) => w.startsWith('\r') && !w.includes('\n')))
  assert.match(written[1]!, /^\rggml-base\.en\.bin \[#{12}\.{12}\]  50%  50\.0\/100\.0 MB  5\.0 MB\/s  ETA 10 s/)
  assert.match(written[2]!, /\[#{24}\] 100%  100\.0\/100\.0 MB  5\.0 MB\/s  ETA 0 s/)
  assert.is(written[3], '\n')
})

test('not a terminal: a line at each tenth, saying the speed and the time left', () => {
  const written: string[] = []
  let now = 0
  const r = progressReporter({ isTTY: false, write: (s) => written.push(s) }, 'ggml-x.bin', () => now)
  for (let mb = 30; mb <= 100; mb += 1) {
    r.update({ received: mb * MB, total: 100 * MB, startedAt: 30 * MB })
    now += 1000
  }
  r.end()
  assert.equal(written.map((w) => /: (\d+)%/.exec(w)?.[1]), ['30', '40', '50', '60', '70', '80', '90', '100'])
  assert.is(written[0], 'ggml-x.bin: 30% (30.0 of 100.0 MB)\n')
  assert.is(written[1], 'ggml-x.bin: 40% (40.0 of 100.0 MB, 1.0 MB/s, about 1 min 00 s left)\n')
  assert.is(written.at(-1), 'ggml-x.bin: 100% (100.0 of 100.0 MB)\n')
})

test.run()
