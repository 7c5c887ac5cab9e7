/**
 * Clock readings as people write them in transcripts: `1:02`, `01:02`, `1:02:03`, `01:02:03.450`
 * or `01:02:03,450`. Minutes and seconds must stay below 60 once an hour field is present.
 * Returns milliseconds, or null when the text is not such a reading.
 */
export const parseClock = (text: string): number | null => {
  const m = /^(\d{1,3}):(\d{2})(?::(\d{2}))?(?:[.,](\d{1,3}))?$/.exec(text.trim())
  if (m === null) return null
  const [a, b, c, frac] = [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3]), m[4]]
  const [h, min, s] = c === null ? [0, a, b] : [a, b, c]
  if (s > 59 || (c !== null && min > 59)) return null
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0'))
  return ((h * 60 + min) * 60 + s) * 1000 + ms
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

/** `HH:MM:SS<sep>mmm`, the cue timestamp of WebVTT (sep ".") and SRT (sep ","). */
export const formatCueTime = (ms: number, sep: '.' | ','): string => {
  const total = Math.max(0, Math.round(ms))
  const h = Math.floor(total / 3_600_000)
  const min = Math.floor(total / 60_000) % 60
  const s = Math.floor(total / 1000) % 60
  return `${pad(h, 2)}:${pad(min, 2)}:${pad(s, 2)}${sep}${pad(total % 1000, 3)}`
}
