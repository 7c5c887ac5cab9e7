import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { splitOf } from '../../../scripts/eval/qmsum.js'

test('the tuning split is a fixed half by id, the same on every run', () => {
  const ids = Array.from({ length: 200 }, (_, i) => `meeting_${i}`)
  const tune = ids.filter((id) => splitOf(id) === 'tune')
  assert.ok(tune.length > 80 && tune.length < 120, `${tune.length} of 200 in tune`)
  assert.equal(ids.map(splitOf), ids.map(splitOf))
  // QMSum ids fall on both sides
  assert.is(splitOf('ES2006a'), 'tune')
  assert.is(splitOf('ES2006b'), 'held-out')
})

test.run()
