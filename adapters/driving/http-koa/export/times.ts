/** Times of an export: offsets from the start of the recording, in milliseconds, as each format writes them. */

const parts = (ms: number) => {
  const whole = Math.max(0, Math.round(Number.isFinite(ms) ? ms : 0))
  const s = Math.floor(whole / 1000)
  return { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60), s: s % 60, ms: whole % 1000 }
}
const two = (n: number) => String(n).padStart(2, '0')
const three = (n: number) => String(n).padStart(3, '0')

/** `01:02:03`: hours always, for plain text and Markdown. */
export const clockTime = (ms: number): string => {
  const p = parts(ms)
  return `${two(p.h)}:${two(p.m)}:${two(p.s)}`
}

/** `01:02:03.004`, as WebVTT writes a cue time. */
export const vttTime = (ms: number): string => {
  const p = parts(ms)
  return `${two(p.h)}:${two(p.m)}:${two(p.s)}.${three(p.ms)}`
}

/** `01:02:03,004`, as SubRip writes a cue time. */
export const srtTime = (ms: number): string => {
  const p = parts(ms)
  return `${two(p.h)}:${two(p.m)}:${two(p.s)},${three(p.ms)}`
}

/** A cue's end, never before its start (a transcript may have an end of 0 or earlier than the start). */
export const cueEnd = (start: number, end: number): number => Math.max(start, end)

/** `2026-05-20 09:00 UTC` */
export const meetingDate = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

/** A length in seconds as `1:02:03` or `2:03`; null when unknown. */
export const duration = (seconds: number | null): string | null => {
  if (seconds === null) return null
  const p = parts(seconds * 1000)
  return p.h > 0 ? `${p.h}:${two(p.m)}:${two(p.s)}` : `${p.m}:${two(p.s)}`
}

/** Spoken text on one line: line breaks and runs of spaces become one space. */
export const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim()
