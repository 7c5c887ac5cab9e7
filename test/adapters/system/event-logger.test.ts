import { pino } from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { eventLogger } from '../../../adapters/system/event-logger.js'
import type { DomainEvent } from '../../../src/core/domain/events.js'

test('a calendar that needs reconnecting is logged in words, with which connection and why', async () => {
  const logged: Array<Record<string, unknown>> = []
  const log = eventLogger(pino({ level: 'info' }, { write: (l: string) => void logged.push(JSON.parse(l)) }))
  const data = { connectionId: 'cal_1', provider: 'google', name: 'Work', accountEmail: 'ada@example.com', status: 'reauthorization_required', error: 'Google no longer accepts this calendar\'s permission.' }
  // DomainEvent's data union does not name CalendarEventData yet; the logger reads it all the same.
  const event = { id: 'evt_1', type: 'calendar.reauthorization_required', accountId: 'acc_1', occurredAt: '2026-11-28T06:00:00.000Z', data } as unknown as DomainEvent
  await log.publish(event)()
  assert.is(logged.length, 1)
  assert.is(logged[0]!.msg, 'calendar connection cal_1 (google, "Work") needs its owner to reconnect it: Google no longer accepts this calendar\'s permission.')
  assert.is(logged[0]!.event, 'calendar.reauthorization_required')
  assert.is(logged[0]!.connectionId, 'cal_1')
})

test.run()
