import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bodyTextIssues, MAX_TEXT_LENGTH, textProblem } from '../../../../adapters/driving/http-koa/exchange/text-guard.js'

test('NUL and the other C0 controls are refused; tab, LF and CR only in multi-line text', () => {
  for (let c = 0; c < 0x20; c++) {
    const text = `a${String.fromCharCode(c)}b`
    const line = c === 9 || c === 10 || c === 13
    assert.is(textProblem(text, true) === null, line, `U+${c.toString(16)} in a multi-line field`)
    assert.ok(textProblem(text, false) !== null, `U+${c.toString(16)} in a one-line field`)
  }
  assert.match(textProblem('ab\u0000', false)!, /U\+0000 \(character 3\); control characters are not text/)
})

test('DEL, C1 controls, noncharacters and paired surrogates are text; unpaired surrogates are not', () => {
  for (const text of ['\u007f', '\u0085', '\uFFFE\uFFFF', '🎉 emoji', 'é', '']) assert.is(textProblem(text, false), null, JSON.stringify(text))
  for (const text of ['\ud83c', 'x\udf89', '\udf89\ud83c']) assert.match(textProblem(text, false)!, /unpaired UTF-16 surrogate/, JSON.stringify(text))
})

test('every text has a ceiling; the body walk names each path, arrays included', () => {
  assert.is(textProblem('x'.repeat(MAX_TEXT_LENGTH), false), null)
  assert.match(textProblem('x'.repeat(MAX_TEXT_LENGTH + 1), false)!, /at most 10000/)
  const issues = bodyTextIssues({ title: 'ok', description: 'line\nline', attendees: [{ name: 'a' }, { name: 'b\u0001' }], meta: { note: 'x\ny' } })
  assert.equal(issues.map((i) => i.path), ['attendees.1.name', 'meta.note'])
  assert.equal(bodyTextIssues('\u0000').map((i) => i.path), ['(body)'])
})

test.run()
