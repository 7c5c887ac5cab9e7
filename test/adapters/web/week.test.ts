import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { endAfterStartMoved } from '../../../adapters/web/app/components/manage/week.js'

test('moving the start moves the end by as much: the meeting keeps its length', () => {
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-02T14:00', '2026-03-02T09:30'), '2026-03-02T14:30', 'later: no end before the start')
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-01T23:45', '2026-03-02T10:15'), '2026-03-02T01:00', 'earlier, across midnight')
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-03T09:00', '2026-03-02T11:00'), '2026-03-03T11:00', 'a length the person set moves whole')
})

test('while a start is half typed, the end stays as it is', () => {
  assert.is(endAfterStartMoved('2026-03-02T09:00', '', '2026-03-02T09:30'), '2026-03-02T09:30')
  assert.is(endAfterStartMoved('', '2026-03-02T10:00', '2026-03-02T09:30'), '2026-03-02T09:30')
})

test.run()
