import ICAL from 'ical.js'
import { findIana } from 'windows-iana'

/**
 * Turns iCalendar times into UTC instants. A VTIMEZONE in the feed wins (RFC
 * 5545) for the dates it covers; a TZID without one (common in hand-made and
 * some exported feeds), or a date before the feed's VTIMEZONE begins, is read
 * as an IANA zone through Intl, which knows DST rules: the TZID itself, or the
 * IANA zone of a Windows name (Outlook's "Pacific Standard Time", by CLDR's
 * windowsZones table). A date before a VTIMEZONE whose name is no IANA zone
 * begins is read with its earliest observances extended back. Anything else
 * is read as UTC. All-day dates become
 * 00:00 UTC of that date.
 */
type IcalTime = InstanceType<typeof ICAL.Time>

const formatters = new Map<string, Intl.DateTimeFormat | null>()

const formatterFor = (zone: string): Intl.DateTimeFormat | null => {
  if (!formatters.has(zone)) {
    try {
      const f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
      formatters.set(zone, f)
    } catch {
      formatters.set(zone, null) // not a zone Intl knows
    }
  }
  return formatters.get(zone) ?? null
}

/** A TZID as it should be matched: no quotes, no surrounding spaces, no trailing ':'. */
export const tzidKey = (tzid: string): string => tzid.trim().replace(/^"(.*)"$/, '$1').replace(/:+$/, '').trim()

/**
 * The IANA zone a TZID names, if any: "Europe/Berlin", a Windows name such as
 * "Pacific Standard Time" (its CLDR default zone), or a prefixed form like
 * "/example.org/Tzfile/Europe/Berlin".
 */
export const ianaZone = (raw: string | null | undefined): string | null => {
  if (raw === null || raw === undefined) return null
  const tzid = tzidKey(raw)
  if (tzid === '') return null
  if (formatterFor(tzid) !== null) return tzid
  const windows = findIana(tzid)[0]
  if (windows !== undefined && formatterFor(windows) !== null) return windows
  const parts = tzid.split('/').filter((s) => s !== '')
  for (const n of [3, 2]) {
    const tail = parts.slice(-n).join('/')
    if (parts.length >= n && formatterFor(tail) !== null) return tail
  }
  return null
}

// Asking Intl is slow (~10 µs) and a long daily series asks thousands of
// times, so offsets are cached per zone and quarter hour: zone offsets and
// their changes fall on quarter hours.
const QUARTER_HOUR_MS = 900_000
const MAX_CACHED_OFFSETS = 200_000
const offsets = new Map<string, number>()

const askIntl = (f: Intl.DateTimeFormat, utcMs: number): number => {
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(new Date(utcMs))) p[part.type] = Number(part.value)
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
  return asUtc - utcMs
}

/** Offset of the zone from UTC at an instant, in ms. */
const offsetAt = (zone: string, f: Intl.DateTimeFormat, utcMs: number): number => {
  const bucket = Math.floor(utcMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
  const key = `${zone}@${bucket}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear()
    offset = askIntl(f, bucket)
    offsets.set(key, offset)
  }
  return offset
}

/** UTC instant of a wall-clock time in an IANA zone (two passes settle DST changes). */
export const wallClockToUtc = (wallMs: number, zone: string): number => {
  const f = formatterFor(zone)
  if (f === null) return wallMs
  const first = wallMs - offsetAt(zone, f, wallMs)
  return wallMs - offsetAt(zone, f, first)
}

const wallMsOf = (t: IcalTime): number => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)

const hasDefinedZone = (t: IcalTime): boolean =>
  t.zone !== undefined && t.zone !== null && t.zone !== ICAL.Timezone.localTimezone && t.zone.tzid !== 'floating'

type IcalZone = InstanceType<typeof ICAL.Timezone>
const coverage = new WeakMap<IcalZone, number>()

/** Wall-clock ms where a feed's VTIMEZONE begins: its earliest observance; -Infinity when it has none to tell. */
const coveredFrom = (zone: IcalZone): number => {
  const known = coverage.get(zone)
  if (known !== undefined) return known
  let from = Number.POSITIVE_INFINITY
  for (const observance of zone.component?.getAllSubcomponents() ?? []) {
    const start = observance.getFirstPropertyValue('dtstart')
    if (start instanceof ICAL.Time) from = Math.min(from, wallMsOf(start))
  }
  const result = from === Number.POSITIVE_INFINITY ? Number.NEGATIVE_INFINITY : from
  coverage.set(zone, result)
  return result
}

/** Observances of a VTIMEZONE moved back to this year when it begins too late for a date. */
const EXTENDED_FROM_YEAR = 1900
const extended = new WeakMap<IcalZone, IcalZone | null>()

/**
 * The zone with the earliest STANDARD and the earliest DAYLIGHT observance
 * starting in EXTENDED_FROM_YEAR (same month, day and time), so their rules
 * (or their fixed offset) also hold before the block began; null when the
 * block has no observances to extend.
 */
const extendedBack = (zone: IcalZone): IcalZone | null => {
  const known = extended.get(zone)
  if (known !== undefined) return known
  let result: IcalZone | null = null
  if (zone.component !== null && zone.component !== undefined) {
    const copy = new ICAL.Component(structuredClone(zone.component.jCal))
    for (const kind of ['standard', 'daylight']) {
      const earliest = copy
        .getAllSubcomponents(kind)
        .map((o) => ({ o, start: o.getFirstPropertyValue('dtstart') }))
        .filter((x): x is { o: typeof x.o; start: IcalTime } => x.start instanceof ICAL.Time)
        .sort((a, b) => wallMsOf(a.start) - wallMsOf(b.start))[0]
      if (earliest === undefined || earliest.start.year <= EXTENDED_FROM_YEAR) continue
      const start = earliest.start.clone()
      start.year = EXTENDED_FROM_YEAR
      start.day = Math.min(start.day, 28) // no 29 February in a year the rule does not choose
      earliest.o.updatePropertyWithValue('dtstart', start)
    }
    result = new ICAL.Timezone({ component: copy, tzid: zone.tzid })
  }
  extended.set(zone, result)
  return result
}

/**
 * UTC ms of a parsed time. `tzid` is the TZID parameter of the property the
 * time came from; `fallbackZone` is the calendar's X-WR-TIMEZONE, used for
 * floating times.
 */
export const toUtcMs = (t: IcalTime, tzid: string | null, fallbackZone: string | null): number => {
  if (t.isDate) return Date.UTC(t.year, t.month - 1, t.day)
  if (hasDefinedZone(t)) {
    if (wallMsOf(t) >= coveredFrom(t.zone)) return t.toUnixTime() * 1000
    // A VTIMEZONE that starts after the date guesses its offset (ical.js: UTC). The IANA zone of
    // its name knows it; failing that, its earliest observances are read as holding before too.
    const iana = ianaZone(t.zone.tzid) ?? ianaZone(tzid)
    if (iana !== null) return wallClockToUtc(wallMsOf(t), iana)
    const earlier = extendedBack(t.zone)
    if (earlier === null) return t.toUnixTime() * 1000
    const moved = t.clone()
    moved.zone = earlier
    return moved.toUnixTime() * 1000
  }
  const zone = ianaZone(tzid) ?? ianaZone(fallbackZone)
  return zone === null ? wallMsOf(t) : wallClockToUtc(wallMsOf(t), zone)
}
