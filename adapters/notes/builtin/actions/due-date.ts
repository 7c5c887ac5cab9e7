/**
 * Due dates of action items, as calendar days (YYYY-MM-DD) in the meeting's
 * own time zone (the offset of its start time). Common business phrases follow
 * fixed conventions here, which chrono-node reads loosely or not at all: "end
 * of day" is today, "this week" / "end of the week" is this week's Friday,
 * "next week" is next week's Friday, "the weekend" its Saturday, "next
 * Tuesday" the Tuesday of next week, a bare weekday the next such day.
 * Weekdays are read here too because they are the most common deadline and
 * chrono is comparatively slow. chrono-node reads the rest (dates, "in two
 * weeks", "end of the month").
 */
import * as chrono from 'chrono-node'

const DAY_MS = 86_400_000

/** Minutes east of UTC in an ISO date-time ("+02:00" is 120, "Z" is 0). */
export const offsetMinutes = (iso: string): number => {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso)
  return m === null ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/** The meeting's local calendar day, as a UTC midnight instant for easy arithmetic. */
const localDay = (startsAt: string): Date => {
  const local = new Date(Date.parse(startsAt) + offsetMinutes(startsAt) * 60_000)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()))
}

const ymd = (d: Date): string => d.toISOString().slice(0, 10)
const plusDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY_MS)
/** Friday of the week containing d (weeks run Monday to Sunday); a weekend day gives the Friday before. */
const fridayOf = (d: Date): Date => plusDays(d, 5 - (((d.getUTCDay() + 6) % 7) + 1))

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
// full names only: "sat", "wed" or "sun" are ordinary words too often
const WEEKDAY = String.raw`(sunday|monday|tuesday|wednesday|thursday|friday|saturday)(?:\s+(?:morning|afternoon|evening|night))?`
const dayIndex = (word: string): number => WEEKDAYS.findIndex((d) => d.startsWith(word.toLowerCase().slice(0, 3)))
/** Monday of the week containing d. */
const mondayOf = (d: Date): Date => plusDays(d, -((d.getUTCDay() + 6) % 7))

type Rule = readonly [RegExp, (today: Date, m: RegExpExecArray) => Date]

const RULES: ReadonlyArray<Rule> = [
  [/\b(?:by |before )?(?:the )?end of (?:the )?next week\b/i, (t) => plusDays(fridayOf(t), 7)],
  [/\b(?:by |before )?(?:the )?end of (?:the |this )?week\b|\bby eow\b|\bthis week\b/i, fridayOf],
  [/\bnext week\b/i, (t) => plusDays(fridayOf(t), 7)],
  [/\b(?:end of (?:the )?day|eod|close of business|cob|today|tonight|this afternoon|this evening)\b/i, (t) => t],
  // "right after this call": the meeting day
  [/\bafter (?:this|the) (?:call|meeting|session|sync|standup|stand-up|huddle)\b|\bafter standup\b|\bright after this\b|\bafter this\b(?! (?:week|month|quarter|year|sprint|release))|\b(?:in|within) (?:an|the next|one|a couple of|two|a few) hours?\b|\bwithin the hour\b/i, (t) => t],
  [/\btomorrow\b/i, (t) => plusDays(t, 1)],
  [/\b(?:over|by|on|at|during|this) (?:the )?weekend\b/i, (t) => plusDays(mondayOf(t), 5)],
  [/\b(?:by |before )?(?:the )?end of (?:the |this )?month\b/i, (t) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0))],
  [/\b(?:by |before )?(?:the )?end of next month\b/i, (t) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 2, 0))],
  [/\b(?:by |before )?(?:the )?end of (?:the |this )?quarter\b/i, (t) => {
    const q = Math.floor(t.getUTCMonth() / 3)
    return new Date(Date.UTC(t.getUTCFullYear(), q * 3 + 3, 0))
  }],
  // "next Tuesday" is the Tuesday of next week; a bare weekday is the next one after today
  [new RegExp(String.raw`\bnext ${WEEKDAY}\b`, 'i'), (t, m) => plusDays(mondayOf(t), 7 + ((dayIndex(m[1]!) + 6) % 7))],
  [new RegExp(String.raw`\b(?:(?:by|on|before|until|this|for) )?${WEEKDAY}\b(?!\s+(?:the\s+)?\d)`, 'i'), (t, m) => {
    const ahead = (dayIndex(m[1]!) - t.getUTCDay() + 7) % 7
    return plusDays(t, ahead === 0 ? 7 : ahead)
  }],
]

/**
 * What chrono reads as instants but never sets a deadline: "one second",
 * "now", "weekend" as in "weekend shifts", and a bare duration ("it takes four days"), which is a deadline only
 * after "in" or "within".
 */
const NOT_A_DEADLINE = /\b(?:now|seconds?|minutes?|hours?|moment)\b|^(?:for )?(?:the )?weekends?$|^(?!in\b|within\b)[\w-]+ (?:days?|weeks?|months?|years?)$/i

export interface DueDate {
  readonly due: string
  /** The words that said it, so a title can leave them out. */
  readonly text: string
}

/** Every date expression the rules or chrono read holds one of these; others skip the costly parse. */
const DATE_HINT =
  /\bafter (?:this|the|standup)\b|\bhours?\b|\b(?:sun|mon|tues|wednes|thurs|fri|satur)day\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:today|tonight|tomorrow|week|weekend|month|quarter|year|eod|eow|cob|afternoon|evening|days?|weeks?|months?|first|second|third|fourth|fifth|tenth|fifteenth|twentieth|thirtieth)\b|\d/i

/** The first deadline said in a sentence, or null. */
export const findDueDate = (sentence: string, startsAt: string): DueDate | null => {
  if (!DATE_HINT.test(sentence)) return null
  const today = localDay(startsAt)
  // the earliest phrase in the sentence wins: "tomorrow, or next week at the latest" is tomorrow
  let first: { at: number; due: DueDate } | undefined
  for (const [re, resolve] of RULES) {
    const m = re.exec(sentence)
    if (m !== null && (first === undefined || m.index < first.at))
      first = { at: m.index, due: { due: ymd(resolve(today, m)), text: m[0].trim() } }
  }
  if (first !== undefined) return first.due
  const ordinal = /\b(?:by |on |before )?the (\d{1,2})(?:st|nd|rd|th)\b/i.exec(sentence)
  const ref = { instant: new Date(Date.parse(startsAt)), timezone: offsetMinutes(startsAt) }
  for (const r of chrono.parse(sentence, ref, { forwardDate: true })) {
    const dated = r.start.isCertain('day') || r.start.isCertain('weekday') || r.start.isCertain('month')
    if (!dated || NOT_A_DEADLINE.test(r.text)) continue
    const local = new Date(r.start.date().getTime() + offsetMinutes(startsAt) * 60_000)
    return { due: ymd(local), text: r.text.replace(/[\s,.;:!?]+$/, '') }
  }
  if (ordinal !== null) {
    const day = Number(ordinal[1])
    if (day >= 1 && day <= 31) {
      let d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), day))
      if (d < today) d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, day))
      return { due: ymd(d), text: ordinal[0] }
    }
  }
  return null
}
