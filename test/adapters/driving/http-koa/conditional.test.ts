import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { evaluatePreconditions, ifRangeHolds, parseHttpDate, strongEtag, validatorHeaders, weakEtag } from '../../../../adapters/driving/http-koa/exchange/conditional.js'

const stored = new Date('2026-06-01T12:00:00.400Z')
const v = { etag: '"abc"', lastModified: stored }
const LAST_MODIFIED = 'Mon, 01 Jun 2026 12:00:00 GMT'
const later = new Date('2026-06-01T12:00:05Z')

test('HTTP-dates in their three forms (RFC 9110 §5.6.7), and nothing else', () => {
  const ms = Date.UTC(1994, 10, 6, 8, 49, 37)
  assert.is(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT'), ms)
  assert.is(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT'), ms)
  assert.is(parseHttpDate('Sun Nov  6 08:49:37 1994'), ms)
  assert.is(parseHttpDate(LAST_MODIFIED), Date.UTC(2026, 5, 1, 12))
  for (const bad of ['yesterday', '2026-06-01T12:00:00Z', 'Sun, 31 Feb 2026 08:49:37 GMT', 'Sun, 06 Nov 1994 25:49:37 GMT', 'Sun, 06 Nov 1994 08:49:37 CET', '', undefined])
    assert.is(parseHttpDate(bad), null, String(bad))
})

test('validators: Last-Modified in whole seconds as an IMF-fixdate; ETags stable, quoted, different for different parts', () => {
  assert.equal(validatorHeaders(v), { etag: '"abc"', 'last-modified': LAST_MODIFIED })
  assert.is(strongEtag('a', 'b'), strongEtag('a', 'b'))
  assert.match(strongEtag('a', 'b'), /^"[A-Za-z0-9_-]{32}"$/)
  assert.is.not(strongEtag('a', 'b'), strongEtag('ab', ''), 'parts are kept apart')
  assert.match(weakEtag('a'), /^W\/"[A-Za-z0-9_-]{32}"$/)
})

test('If-None-Match: weak comparison, lists and * give 304; another tag proceeds; it outranks If-Modified-Since', () => {
  for (const inm of ['"abc"', 'W/"abc"', '"x", "abc"', '"x",W/"abc" ', '*'])
    assert.equal(evaluatePreconditions({ 'if-none-match': inm }, v), { outcome: 'not-modified' }, inm)
  for (const inm of ['"abd"', 'abc', '"abc', '"x", junk'])
    assert.equal(evaluatePreconditions({ 'if-none-match': inm }, v), { outcome: 'proceed' }, inm)
  assert.equal(evaluatePreconditions({ 'if-none-match': '"other"', 'if-modified-since': LAST_MODIFIED }, v), { outcome: 'proceed' }, 'If-Modified-Since is ignored beside If-None-Match')
  assert.equal(evaluatePreconditions({ 'if-none-match': 'W/"abc"' }, { ...v, etag: 'W/"abc"' }), { outcome: 'not-modified' })
})

test('If-Modified-Since: 304 when not modified since (second precision); an unreadable date is ignored', () => {
  assert.equal(evaluatePreconditions({ 'if-modified-since': LAST_MODIFIED }, v), { outcome: 'not-modified' })
  assert.equal(evaluatePreconditions({ 'if-modified-since': 'Mon, 01 Jun 2026 12:00:01 GMT' }, v), { outcome: 'not-modified' })
  assert.equal(evaluatePreconditions({ 'if-modified-since': 'Mon, 01 Jun 2026 11:59:59 GMT' }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-modified-since': 'not a date' }, v), { outcome: 'proceed' })
})

test('If-Match (strong) and If-Unmodified-Since fail with 412 before anything else; a weak current tag never passes If-Match', () => {
  assert.equal(evaluatePreconditions({ 'if-match': '"abc"' }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-match': '*' }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-match': '"x", "abc"' }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-match': 'W/"abc"' }, v), { outcome: 'failed', header: 'If-Match' }, 'strong comparison')
  assert.equal(evaluatePreconditions({ 'if-match': '"abd"', 'if-none-match': '"abc"' }, v), { outcome: 'failed', header: 'If-Match' }, '412 comes before 304')
  assert.equal(evaluatePreconditions({ 'if-match': '"abc"' }, { ...v, etag: 'W/"abc"' }), { outcome: 'failed', header: 'If-Match' })
  assert.equal(evaluatePreconditions({ 'if-unmodified-since': 'Mon, 01 Jun 2026 11:59:59 GMT' }, v), { outcome: 'failed', header: 'If-Unmodified-Since' })
  assert.equal(evaluatePreconditions({ 'if-unmodified-since': LAST_MODIFIED }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-unmodified-since': 'garbage' }, v), { outcome: 'proceed' })
  assert.equal(evaluatePreconditions({ 'if-match': '"abc"', 'if-unmodified-since': 'Mon, 01 Jun 2026 11:59:59 GMT' }, v), { outcome: 'proceed' }, 'If-Unmodified-Since is ignored beside If-Match')
})

test('If-Range: the current strong tag or the exact, strong Last-Modified let the range through; anything else asks for the whole file', () => {
  assert.ok(ifRangeHolds({}, v, later), 'no If-Range')
  assert.ok(ifRangeHolds({ 'if-range': '"abc"' }, v, later))
  assert.ok(ifRangeHolds({ 'if-range': LAST_MODIFIED }, v, later))
  assert.not.ok(ifRangeHolds({ 'if-range': '"stale"' }, v, later))
  assert.not.ok(ifRangeHolds({ 'if-range': 'W/"abc"' }, v, later), 'a weak tag never')
  assert.not.ok(ifRangeHolds({ 'if-range': '"abc", "x"' }, v, later), 'one tag, not a list')
  assert.not.ok(ifRangeHolds({ 'if-range': 'Mon, 01 Jun 2026 12:00:01 GMT' }, v, later), 'a later date is not the date')
  assert.not.ok(ifRangeHolds({ 'if-range': 'Mon, 01 Jun 2026 11:59:59 GMT' }, v, later))
  assert.not.ok(ifRangeHolds({ 'if-range': LAST_MODIFIED }, v, new Date('2026-06-01T12:00:00.900Z')), 'a Last-Modified of this very second is weak')
  assert.not.ok(ifRangeHolds({ 'if-range': 'stale' }, v, later))
  assert.not.ok(ifRangeHolds({ 'if-range': '"abc"' }, { ...v, etag: 'W/"abc"' }, later), 'nor against a weak current tag')
})

test.run()
