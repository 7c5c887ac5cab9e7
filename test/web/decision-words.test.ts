import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ScheduleRow } from '../../web/api.js'
import { decisionWords } from '../../web/components/manage/decision.js'

test('a meeting skipped for a spent allowance says where to find who can lift it', () => {
  const row = { willRecord: false, skipReason: 'allowance_spent', runId: null, detail: null, phase: null } as unknown as ScheduleRow
  assert.equal(decisionWords(row, { recordOverride: null, source: 'manual' } as never), {
    verdict: 'Not recorded',
    reason: "This month's recording allowance is spent; Settings → Account says who can lift it.",
    tone: 'quiet',
  })
})

test.run()
