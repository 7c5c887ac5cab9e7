import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { WhisperSegment } from './binding.js'

/**
 * Whisper's segments as utterances. Whisper times each 30 s window on its own and may place a
 * segment's end past the audio's end or before the previous segment's end; times are clamped
 * into the audio and made to follow each other (each starts where the one before ended, at the
 * earliest), so utterances never overlap. Segments with no text are dropped.
 */
export const toUtterances = (
  segments: ReadonlyArray<WhisperSegment>,
  options: { readonly durationMs: number; readonly speaker: string },
): Utterance[] => {
  const clamp = (ms: number) => Math.min(Math.max(0, Math.round(Number.isFinite(ms) ? ms : 0)), options.durationMs)
  const out: Utterance[] = []
  let cursor = 0
  for (const segment of [...segments].sort((a, b) => a.t0 - b.t0)) {
    const text = segment.text.trim()
    if (text === '') continue
    const start_ms = Math.max(cursor, clamp(segment.t0))
    const end_ms = Math.max(start_ms, clamp(segment.t1))
    out.push({ start_ms, end_ms, speaker: options.speaker, text })
    cursor = end_ms
  }
  return out
}

/** Turns reports into progress that only grows, and stops reporting once the transcription settles. */
export const progressTracker = (onProgress: ((fraction: number) => void) | undefined) => {
  let done = -1
  let stopped = false
  return {
    at: (fraction: number) => {
      const f = Math.min(1, Math.max(0, fraction))
      if (stopped || onProgress === undefined || f <= done) return
      done = f
      onProgress(f)
    },
    stop: () => {
      stopped = true
    },
  }
}
