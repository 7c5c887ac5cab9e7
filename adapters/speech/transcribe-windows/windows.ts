/** A stretch of the audio, in milliseconds from its start. */
export interface Span {
  readonly startMs: number
  readonly endMs: number
}

export interface Window extends Span {
  /** Wholly inside one silence: nothing to recognise, so no recogniser is started for it. */
  readonly silent: boolean
}

export interface WindowPlan {
  /** Longest window; a stretch longer than this is cut at its longest silence. */
  readonly maxMs: number
  /** Cuts are looked for from this far into a window first, so windows are not needlessly short. Default maxMs / 3. */
  readonly minMs?: number
}

const middle = (s: Span) => (s.startMs + s.endMs) / 2
const length = (s: Span) => s.endMs - s.startMs

/**
 * Tiles [0, durationMs] with windows no longer than `maxMs`, cut in the middle of silences so
 * no word is split: each cut is at the longest silence whose middle lies between `minMs` and
 * `maxMs` into the window (the latest of equals), else any silence in the window, else, with no
 * silence at all (noise throughout), at `maxMs` exactly. Audio up to `maxMs` is one window.
 */
export const planWindows = (durationMs: number, silences: ReadonlyArray<Span>, plan: WindowPlan): Window[] => {
  const maxMs = Math.max(1000, plan.maxMs)
  const minMs = Math.min(plan.minMs ?? maxMs / 3, maxMs)
  const cuts: number[] = []
  let start = 0
  while (durationMs - start > maxMs) {
    const inRange = (from: number) => silences.filter((s) => middle(s) > start + from && middle(s) <= start + maxMs)
    const candidates = inRange(minMs).length > 0 ? inRange(minMs) : inRange(0)
    const best = candidates.reduce<Span | undefined>((b, s) => (b === undefined || length(s) >= length(b) ? s : b), undefined)
    const cut = Math.round(best === undefined ? start + maxMs : middle(best))
    cuts.push(cut)
    start = cut
  }
  const edges = [0, ...cuts, durationMs]
  return edges.slice(1).map((endMs, i) => {
    const startMs = edges[i]!
    return { startMs, endMs, silent: silences.some((s) => s.startMs <= startMs && s.endMs >= endMs) }
  })
}

/**
 * Reads what ffmpeg's `silencedetect` wrote through `ametadata=mode=print`: `lavfi.silence_start=`
 * and `lavfi.silence_end=` lines in seconds. A silence still open at the end of the audio (its end
 * is only logged, not printed) lasts to `durationMs`.
 */
export const parseSilences = (printed: string, durationMs: number): Span[] => {
  const spans: Span[] = []
  let open: number | undefined
  for (const line of printed.split(/\r?\n/)) {
    const m = /^lavfi\.silence_(start|end)=(-?\d+(?:\.\d+)?)/.exec(line.trim())
    if (m === null) continue
    const ms = Math.max(0, Math.round(Number(m[2]) * 1000))
    if (m[1] === 'start') open = ms
    else if (open !== undefined) {
      spans.push({ startMs: open, endMs: Math.min(ms, durationMs) })
      open = undefined
    }
  }
  if (open !== undefined && open < durationMs) spans.push({ startMs: open, endMs: durationMs })
  return spans
}
