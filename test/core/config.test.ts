import * as E from 'fp-ts/Either'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/config.js'

test('defaults: port 8080 on 127.0.0.1, SQLite under ./data, info logs', () => {
  const c = loadConfig({})
  assert.ok(E.isRight(c))
  if (E.isRight(c)) {
    assert.equal([c.right.PORT, c.right.HOST, c.right.DATA_DIR, c.right.NOTETAKER_STORE, c.right.LOG_LEVEL], [8080, '127.0.0.1', './data', 'sqlite', 'info'])
    assert.equal(c.right.NOTETAKER_PLANS.map((p) => p.key), ['free', 'pro'])
  }
})

test('every invalid value is reported in words', () => {
  const c = loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', NOTETAKER_PLANS: '[{"key":"x"}]' })
  assert.ok(E.isLeft(c))
  if (E.isLeft(c)) {
    assert.is(c.left.length, 3)
    assert.match(c.left.join('\n'), /PORT="70000" must be a whole number from 0 to 65535/)
    assert.match(c.left.join('\n'), /LOG_LEVEL="loud" must be one of/)
    assert.match(c.left.join('\n'), /NOTETAKER_PLANS=.* must be a JSON array/)
  }
})

test('plans are configurable and the default plan must be one of them', () => {
  const plans = JSON.stringify([{ key: 'team', paid: true, monthlyRecordings: 1000 }])
  assert.ok(E.isRight(loadConfig({ NOTETAKER_PLANS: plans, NOTETAKER_DEFAULT_PLAN: 'team' })))
  const bad = loadConfig({ NOTETAKER_PLANS: plans })
  assert.ok(E.isLeft(bad) && /NOTETAKER_DEFAULT_PLAN=free is not one of the plans/.test(bad.left[0]!))
})

test.run()
