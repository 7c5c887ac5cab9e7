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

/** 4_500 s → "1 h 15 min", 95 s → "2 min", 20 s → "20 s". */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds == null) return ''
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export const formatBytes = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`

export const formatPercent = (share: number): string => `${Math.round(share * 100)} %`
