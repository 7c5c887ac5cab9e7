/**
 * How a download shows its progress on standard error: on a terminal, one line
 * redrawn in place (bar, percent, MB, speed, time left); otherwise (a log, a pipe)
 * a line at every tenth of the file, so logs stay short.
 */
import type { Progress } from './download.js'

export interface Output {
  readonly isTTY?: boolean
  readonly columns?: number
  write(text: string): unknown
}

const mb = (n: number) => (n / 1e6).toFixed(1)

const duration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`
}

export interface Reporter {
  update(p: Progress): void
  /** Ends the redrawn line (on a terminal), so what follows starts on its own line. */
  end(): void
}

/** A reporter for `label` (the file name) writing to `out`; `now` is for tests. */
export const progressReporter = (out: Output, label: string, now: () => number = Date.now): Reporter => {
  let began: { at: number; bytes: number } | null = null
  let lastDraw = Number.NEGATIVE_INFINITY
  let lastTenth = -1
  let drawn = false
  const figures = (p: Progress) => {
    if (began === null) began = { at: now(), bytes: p.received }
    const seconds = (now() - began.at) / 1000
    const speed = seconds > 0 ? (p.received - began.bytes) / seconds : 0
    const left = speed > 0 ? (p.total - p.received) / speed : Number.POSITIVE_INFINITY
    const percent = p.total > 0 ? Math.floor((p.received / p.total) * 100) : 0
    return { percent, speed, left }
  }
  return {
    update(p) {
      const { percent, speed, left } = figures(p)
      if (out.isTTY === true) {
        const t = now()
        if (t - lastDraw < 100 && p.received < p.total) return
        lastDraw = t
        const width = 24
        const filled = Math.round((percent / 100) * width)
        const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${mb(p.received)}/${mb(p.total)} MB  ${mb(speed)} MB/s  ETA ${p.received >= p.total ? '0 s' : duration(left)}`
        out.write(`\r${line.slice(0, Math.max(20, (out.columns ?? 120) - 1)).padEnd(Math.min(line.length + 8, (out.columns ?? 120) - 1))}`)
        drawn = true
        return
      }
      const tenth = Math.floor(percent / 10)
      if (tenth <= lastTenth) return
      // The first line says where it starts (0 %, or the resumed share); then one a tenth.
      lastTenth = tenth
      const rest = p.received >= p.total || speed === 0 ? '' : `, ${mb(speed)} MB/s, about ${duration(left)} left`
      out.write(`${label}: ${percent}% (${mb(p.received)} of ${mb(p.total)} MB${rest})\n`)
    },
    end() {
      if (drawn) out.write('\n')
      drawn = false
    },
  }
}
