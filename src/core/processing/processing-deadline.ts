/**
 * A processing attempt's time limit. It starts at the base and grows once the audio's length is
 * known; when it passes, its signal aborts (the engines stop their work: a worker thread is
 * terminated, a child process killed) and `passed` settles, so the attempt ends whatever an engine does.
 */
export interface ProcessingTimeout {
  /** What any attempt may take (a transcript file, an analysis, the start of a transcription). */
  readonly baseMs: number
  /** Added for each minute of audio. */
  readonly perAudioMinuteMs: number
}

/** Audio whose length cannot be read is allowed as much as this much audio. */
export const UNKNOWN_AUDIO_MINUTES = 240

export interface Deadline {
  readonly signal: AbortSignal
  /** Settles (never rejects) when the limit passes. */
  readonly passed: Promise<void>
  /** Allows the time for this much audio on top of the base; the first call only counts. */
  allowAudio(audioMs: number | null): void
  /** The whole limit, as it stands. */
  limitMs(): number
  /** Stops the timer (the attempt ended in time). */
  clear(): void
}

export const startDeadline = (timeout: ProcessingTimeout): Deadline => {
  const controller = new AbortController()
  const started = Date.now()
  let limit = timeout.baseMs
  let audioAllowed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let pass: () => void = () => undefined
  const passed = new Promise<void>((resolve) => {
    pass = resolve
  })
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      controller.abort(new Error(`processing passed its time limit of ${describeMinutes(limit)}`))
      pass()
    }, Math.max(0, started + limit - Date.now()))
  }
  arm()
  return {
    signal: controller.signal,
    passed,
    allowAudio: (audioMs) => {
      if (audioAllowed || controller.signal.aborted) return
      audioAllowed = true
      const minutes = audioMs === null ? UNKNOWN_AUDIO_MINUTES : audioMs / 60_000
      limit = timeout.baseMs + Math.round(minutes * timeout.perAudioMinuteMs)
      arm()
    },
    limitMs: () => limit,
    clear: () => {
      if (timer !== undefined) clearTimeout(timer)
    },
  }
}

/** "30 minutes", "1 minute", "2.5 seconds" for messages. */
export const describeMinutes = (ms: number): string => {
  if (ms < 60_000) {
    const s = Math.round(ms / 100) / 10
    return `${s} ${s === 1 ? 'second' : 'seconds'}`
  }
  const m = Math.round(ms / 6_000) / 10
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`
}
