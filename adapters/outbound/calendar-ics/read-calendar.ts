import * as E from 'fp-ts/lib/Either.js'
import ICAL from 'ical.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { lenientText } from './lenient-text.js'

type Component = InstanceType<typeof ICAL.Component>

export interface ReadCalendar {
  readonly root: Component
  /** One note per event left out because a line its timing depends on could not be read. */
  readonly eventsLeftOut: ReadonlyArray<string>
  /** One note per line left out (its event, if any, is kept). */
  readonly linesLeftOut: ReadonlyArray<string>
}

/**
 * Parses feed text into its VCALENDAR, leaving out the lines and events that
 * cannot be read (see lenientText), or says in words why it is not a feed.
 */
export const readCalendar = (text: string): E.Either<CalendarFailure, ReadCalendar> => {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (!/^BEGIN:VCALENDAR/i.test(body)) {
    const looksHtml = /^<(!doctype|html)/i.test(body)
    return E.left(calendarFailure(`The address did not return an iCalendar feed${looksHtml ? ' (it returned a web page)' : ''}.`, false))
  }
  try {
    const lenient = lenientText(body)
    const root = new ICAL.Component(ICAL.parse(lenient.text) as unknown[])
    if (root.name !== 'vcalendar') return E.left(calendarFailure('The feed does not contain a VCALENDAR.', false))
    return E.right({ root, eventsLeftOut: lenient.eventsLeftOut, linesLeftOut: lenient.linesLeftOut })
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return E.left(calendarFailure(`The calendar feed is not valid iCalendar: ${why}`, false))
  }
}
