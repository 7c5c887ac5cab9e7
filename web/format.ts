/** How the app writes times, durations and sizes, in the browser's locale. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })
const dayOnly = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' })

export const formatDateTime = (iso: string | null | undefined): string => (iso == null ? '' : dateTime.format(new Date(iso)))
export const formatTime = (iso: string): string => timeOnly.format(new Date(iso))
export const formatDay = (iso: string): string => dayOnly.format(new Date(iso))

/** 75_000 → "1:15", 3_725_000 → "1:02:05". */
export const formatClock = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** 4_500 s → "1 h 15 min", 156 s → "2 min 36 s", 120 s → "2 min", 20 s → "20 s": under an hour to the second, as a player shows it. */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds == null) return ''
  const whole = Math.round(seconds)
  if (whole < 60) return `${whole} s`
  if (whole < 3600) return whole % 60 === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${whole % 60} s`
  const minutes = Math.round(seconds / 60)
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export const formatBytes = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`

export const formatPercent = (share: number): string => `${Math.round(share * 100)} %`

/**
 * Whole percentages of shares of one whole, rounded so that together they are the whole's rounded
 * percentage (the largest remainders round up): three speakers at a third each read 33, 33 and 34 %,
 * never 101 % in all.
 */
export const wholePercents = (shares: ReadonlyArray<number>): number[] => {
  const exact = shares.map((s) => Math.max(0, s) * 100)
  const floors = exact.map(Math.floor)
  let left = Math.round(exact.reduce((a, b) => a + b, 0)) - floors.reduce((a, b) => a + b, 0)
  const byRemainder = exact.map((e, i) => ({ i, r: e - floors[i]! })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left <= 0) break
    floors[i]! += 1
    left -= 1
  }
  return floors
}
