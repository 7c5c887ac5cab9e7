import ICAL from 'ical.js'
import { tzidKey } from './time-zones.js'

/**
 * Reads feed text line by line before ical.js sees it, so one unreadable line
 * costs that line (or its event), never the whole feed, as python-icalendar
 * and libical read: ical.js refuses the whole text for a single bad line.
 *
 * - A property line ical.js cannot read is dropped and noted. When it is one an
 *   event's timing depends on (DTSTART, RRULE, ...), its whole event is left
 *   out and noted instead: read without it, the event would be silently wrong.
 * - What is clearly repairable is repaired first: spaces inside an RRULE
 *   (`BYDAY=MO, TU`), a bare 8-digit date without `VALUE=DATE` (read as the
 *   all-day DATE it is), and TZID names spelt loosely (quotes, spaces, a
 *   trailing ':'), so `TZID=Pacific Standard Time` finds its
 *   `TZID:Pacific Standard Time:` block.
 * - BEGIN/END are balanced: a stray END is dropped, an unclosed block closed
 *   (an event whose END is missing ends where the next one begins), and a
 *   second VCALENDAR concatenated to the first is read as part of it.
 */
export interface LenientText {
  /** The text with every line ical.js can read, unfolded. */
  readonly text: string
  /** One note per event left out. */
  readonly eventsLeftOut: ReadonlyArray<string>
  /** One note per line left out of a kept event or of the calendar. */
  readonly linesLeftOut: ReadonlyArray<string>
}

/** Properties an event's occurrences depend on: without a readable one, the event is left out whole. */
const TIMING = new Set(['DTSTART', 'DTEND', 'DURATION', 'RRULE', 'RDATE', 'EXDATE', 'EXRULE', 'RECURRENCE-ID'])
/** Properties whose value may be a DATE. */
const DATED = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE', 'DUE'])

const MAX_NOTE_TEXT = 100
const clip = (s: string): string => (s.length > MAX_NOTE_TEXT ? `${s.slice(0, MAX_NOTE_TEXT - 1)}…` : s)

/** Splits a content line into its name+parameters and its value at the first ':' outside quotes. */
const splitLine = (line: string): { head: string; value: string } | null => {
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (ch === '"') quoted = !quoted
    else if (ch === ':' && !quoted) return { head: line.slice(0, i), value: line.slice(i + 1) }
  }
  return null
}

const nameOf = (line: string): string => (/^[^;:]*/.exec(line)?.[0] ?? '').trim().toUpperCase()


const quoteIfNeeded = (v: string): string => (/[:;,]/.test(v) ? `"${v.replace(/"/g, '')}"` : v)

/** Repairs what is clearly meant; the line unchanged otherwise. */
const repaired = (line: string, inTimezone: boolean): string => {
  const parts = splitLine(line)
  if (parts === null) return line
  const name = nameOf(parts.head)
  let head = parts.head.replace(/;TZID=("[^"]*"|[^;]*)/i, (_, v: string) => `;TZID=${quoteIfNeeded(tzidKey(v))}`)
  let value = parts.value
  if (name === 'TZID' && inTimezone) value = tzidKey(value)
  if (DATED.has(name) && !/;VALUE=/i.test(head) && /^\d{8}(,\d{8})*$/.test(value.trim())) {
    head = `${head};VALUE=DATE`
    value = value.trim()
  }
  return `${head}:${value}`
}

/** Value types ical.js decodes into objects, which can fail later; text, URIs and the like cannot. */
const DECODED_TYPES = new Set(['date', 'date-time', 'period', 'duration', 'recur', 'utc-offset', 'time', 'integer', 'float'])

/** null when ical.js reads the line and its values (dates, rules, periods); otherwise why not. */
const readable = (line: string): string | null => {
  try {
    const jcal = ICAL.parse.property(line) as unknown[]
    if (DECODED_TYPES.has(String(jcal[2]))) new ICAL.Property(jcal).getValues()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** The line as ical.js reads it, repaired where that is clearly meant; or why it cannot be read. */
const readLine = (raw: string, inTimezone: boolean): { line: string } | { why: string } => {
  const line = repaired(raw, inTimezone)
  const why = readable(line)
  if (why === null) return { line }
  const name = nameOf(line)
  if (name === 'RRULE' || name === 'EXRULE') {
    const squeezed = line.replace(/\s+/g, '')
    if (readable(squeezed) === null) return { line: squeezed }
  }
  return { why }
}

/** Content lines with folding undone (RFC 5545 3.1: CRLF followed by a space or tab continues the line). */
const unfolded = (text: string): string[] => {
  const out: string[] = []
  for (const physical of text.split(/\r\n|\n|\r/)) {
    if ((physical.startsWith(' ') || physical.startsWith('\t')) && out.length > 0) out[out.length - 1] += physical.slice(1)
    else out.push(physical)
  }
  return out
}

interface OpenEvent {
  readonly lines: string[]
  readonly badLines: string[]
  whyLeftOut: string | null
  summary: string
  uid: string
}

const eventName = (e: OpenEvent): string =>
  e.summary !== '' ? `"${clip(e.summary)}"` : e.uid !== '' ? `"${clip(e.uid)}"` : 'without a title'

export const lenientText = (text: string): LenientText => {
  const out: string[] = []
  const eventsLeftOut: string[] = []
  const linesLeftOut: string[] = []
  const stack: string[] = []
  let event: OpenEvent | null = null
  const emit = (line: string) => (event === null ? out.push(line) : event.lines.push(line))

  const closeEvent = () => {
    if (event === null) return
    const e = event
    event = null
    if (e.whyLeftOut !== null) {
      eventsLeftOut.push(`Event ${eventName(e)} could not be read and was left out: ${e.whyLeftOut}.`)
      return
    }
    out.push(...e.lines, 'END:VEVENT')
    for (const why of e.badLines) linesLeftOut.push(`Event ${eventName(e)}: a line could not be read and was left out (${why}).`)
  }

  // The root's END is written last, so a second VCALENDAR after it joins the first.
  let rootClosed = false
  const close = () => {
    const closing = stack.pop()!
    if (closing === 'VEVENT' && event !== null && !stack.includes('VEVENT')) closeEvent()
    else if (stack.length === 0 && closing === 'VCALENDAR') rootClosed = true
    else emit(`END:${closing}`)
  }

  for (const raw of unfolded(text)) {
    if (raw.trim() === '') continue
    const begin = /^BEGIN:(.+)$/i.exec(raw.trim())
    const end = /^END:(.+)$/i.exec(raw.trim())
    if (begin !== null) {
      const name = begin[1]!.trim().toUpperCase()
      // An event never holds an event: a BEGIN:VEVENT inside one means its END was lost.
      if (name === 'VEVENT' && stack[stack.length - 1] === 'VEVENT') close()
      if (stack.length === 0 && rootClosed && name === 'VCALENDAR') {
        stack.push(name) // a second VCALENDAR concatenated to the first: read as one
        continue
      }
      if (name === 'VEVENT' && event === null) {
        event = { lines: ['BEGIN:VEVENT'], badLines: [], whyLeftOut: null, summary: '', uid: '' }
      } else emit(`BEGIN:${name}`)
      stack.push(name)
      continue
    }
    if (end !== null) {
      const name = end[1]!.trim().toUpperCase()
      const at = stack.lastIndexOf(name)
      if (at < 0) {
        linesLeftOut.push(`A line "END:${clip(name)}" closes nothing and was left out.`)
        continue
      }
      while (stack.length > at) close()
      continue
    }
    if (stack.length === 0) {
      linesLeftOut.push('A line outside the calendar was left out.')
      continue
    }
    if (/^(BEGIN|END)$/.test(nameOf(raw))) {
      linesLeftOut.push(`A line "${clip(raw.trim())}" names no component and was left out.`)
      continue
    }
    const inTimezone = stack.includes('VTIMEZONE')
    const read = readLine(raw, inTimezone)
    const name = nameOf(raw)
    if ('line' in read) {
      if (event !== null && (name === 'SUMMARY' || name === 'UID') && stack[stack.length - 1] === 'VEVENT') {
        const value = (splitLine(read.line)?.value ?? '').replace(/\\([,;\\])/g, '$1').trim()
        if (name === 'SUMMARY') event.summary = value
        else event.uid = value
      }
      emit(read.line)
      continue
    }
    const why = clip(read.why)
    const empty = (splitLine(raw)?.value ?? '').trim() === ''
    // An empty EXDATE or RDATE says nothing: dropping it loses nothing, so its event is kept.
    if (event !== null && TIMING.has(name) && !empty && stack[stack.length - 1] === 'VEVENT') {
      event.whyLeftOut ??= `its ${name} line cannot be read (${why})`
    } else if (event !== null) {
      event.badLines.push(why)
    } else {
      linesLeftOut.push(`A line of the calendar${inTimezone ? "'s time zones" : ''} could not be read and was left out (${why}).`)
    }
  }
  while (stack.length > 0) close()
  if (rootClosed) out.push('END:VCALENDAR')
  return { text: out.join('\r\n'), eventsLeftOut, linesLeftOut }
}
