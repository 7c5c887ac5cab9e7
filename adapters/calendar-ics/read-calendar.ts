import * as E from 'fp-ts/lib/Either.js'
import ICAL from 'ical.js'
import { type CalendarFailure, calendarFailure } from '../../src/core/ports/calendar-provider.js'

type Component = InstanceType<typeof ICAL.Component>

/** Parses feed text into its VCALENDAR, or says in words why it is not a feed. */
export const readCalendar = (text: string): E.Either<CalendarFailure, Component> => {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (!/^BEGIN:VCALENDAR/i.test(body)) {
    const looksHtml = /^<(!doctype|html)/i.test(body)
    return E.left(calendarFailure(`The address did not return an iCalendar feed${looksHtml ? ' (it returned a web page)' : ''}.`, false))
  }
  try {
    const root = new ICAL.Component(ICAL.parse(body) as unknown[])
    if (root.name !== 'vcalendar') return E.left(calendarFailure('The feed does not contain a VCALENDAR.', false))
    return E.right(root)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return E.left(calendarFailure(`The calendar feed is not valid iCalendar: ${why}`, false))
  }
}
