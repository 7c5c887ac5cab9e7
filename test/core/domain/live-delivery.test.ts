/** What one live delivery carries: every finished line not sent yet, or the newest partial; reading stops at the end. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type FeedItem, planLiveStep } from '../../../src/core/domain/live-delivery.js'

const at = '2026-06-01T12:00:00.000Z'
const line = (seq: number, text = `line ${seq}`): FeedItem => ({ seq, kind: 'utterance', at, data: { speaker: 'Alice', text, startMs: seq * 1000, endMs: seq * 1000 + 900, final: true } })
const partial = (seq: number, text = `partial ${seq}`): FeedItem => ({ seq, kind: 'partial', at, data: { speaker: 'Bob', text, startMs: seq * 1000, final: false } })
const other = (seq: number, kind: string): FeedItem => ({ seq, kind, at, data: kind === 'speaker' ? { name: 'Bob', offsetMs: 0 } : { state: 'recording' } })
const BOTH = { lines: true, partials: true }

test('every finished line after the cursor goes in one delivery, in seq order; the cursor stops at the last one', () => {
  const plan = planLiveStep([line(5), other(2, 'state'), line(3), other(4, 'speaker'), line(1)], 1, BOTH)
  assert.equal(plan.send, 'lines')
  if (plan.send !== 'lines') return
  assert.equal(plan.lines.map((l) => [l.seq, l.text, l.final]), [[3, 'line 3', true], [5, 'line 5', true]])
  assert.is(plan.throughSeq, 5)
})

test('lines go before a partial: the cursor stops at the last line, so the partial after it is looked at again', () => {
  const plan = planLiveStep([line(1), partial(2)], 0, BOTH)
  assert.equal([plan.send, plan.throughSeq], ['lines', 1])
  const then = planLiveStep([partial(2), partial(3, 'newest'), other(4, 'speaker')], 1, BOTH)
  assert.equal(then.send, 'partial')
  if (then.send !== 'partial') return
  assert.equal([then.line.seq, then.line.text, then.line.final, then.throughSeq], [3, 'newest', false, 4], 'only the newest partial; older ones are dropped')
})

test('a partial finished by a later line is not sent; an endpoint that wants partials only passes over lines', () => {
  assert.equal(planLiveStep([partial(1), line(2)], 0, { lines: false, partials: true }), { send: 'nothing', throughSeq: 2, ended: false })
  const plan = planLiveStep([line(1), partial(2)], 0, { lines: false, partials: true })
  assert.equal([plan.send, plan.throughSeq], ['partial', 2])
  assert.equal(planLiveStep([partial(1), partial(2)], 0, { lines: true, partials: false }), { send: 'nothing', throughSeq: 2, ended: false })
})

test('at most maxLines per delivery: the rest stay for the next one', () => {
  const plan = planLiveStep([line(1), line(2), line(3)], 0, BOTH, 2)
  assert.equal([plan.send, plan.throughSeq], ['lines', 2])
  if (plan.send === 'lines') assert.equal(plan.lines.map((l) => l.seq), [1, 2])
})

test('the end: lines before it are sent first, then it ends the deliveries; an unfinished partial is not sent after it', () => {
  const plan = planLiveStep([line(1), other(2, 'end'), line(3)], 0, BOTH)
  assert.equal([plan.send, plan.throughSeq], ['lines', 1])
  assert.equal(planLiveStep([other(2, 'end')], 1, BOTH), { send: 'nothing', throughSeq: 1, ended: true })
  assert.equal(planLiveStep([partial(2), other(3, 'end')], 1, BOTH), { send: 'nothing', throughSeq: 2, ended: true })
})

test('nothing new: the cursor stays; a malformed line is passed over', () => {
  assert.equal(planLiveStep([], 7, BOTH), { send: 'nothing', throughSeq: 7, ended: false })
  assert.equal(planLiveStep([{ seq: 8, kind: 'utterance', at, data: { text: 'no speaker' } }], 7, BOTH), { send: 'nothing', throughSeq: 8, ended: false })
})

test.run()
