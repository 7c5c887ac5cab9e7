/**
 * Cuts meeting audio, as it comes, into short windows for live lines: each window ends at a pause
 * once it is long enough, or at its longest pause when it gets too long, so words are not split.
 * Windows without speech are dropped (nothing to transcribe). Pure: samples in, windows out.
 */

export interface WindowPlan {
  /** Samples per second of what is pushed (mono, 16-bit). */
  readonly sampleRate: number
  /** A window is cut at the first pause after this much audio. */
  readonly minMs: number
  /** No window is longer: it is cut at its longest pause, or here when there is none. */
  readonly maxMs: number
  /** Silence at least this long is a pause. */
  readonly pauseMs: number
  /** A frame quieter than this (dB below full scale) is silence. */
  readonly silenceDb: number
}

/** A few seconds cut at pauses, for speech of 16 kHz: what live lines are transcribed in. */
export const LIVE_WINDOWS: Omit<WindowPlan, 'sampleRate'> = { minMs: 2_000, maxMs: 6_000, pauseMs: 300, silenceDb: -40 }

/** A window of speech, its times from the start of the audio. */
export interface SpeechWindow {
  readonly startMs: number
  readonly endMs: number
  readonly samples: Int16Array
}

export interface SpeechWindows {
  /** Takes the next samples; returns the windows they finished. */
  push(samples: Int16Array): SpeechWindow[]
  /** The audio ended: the window in progress, if it holds speech. */
  end(): SpeechWindow[]
}

const FRAME_MS = 20

const levelDb = (frame: Int16Array): number => {
  let sum = 0
  for (const s of frame) sum += s * s
  const rms = Math.sqrt(sum / Math.max(1, frame.length)) / 32768
  return rms === 0 ? -Infinity : 20 * Math.log10(rms)
}

export const speechWindows = (plan: WindowPlan): SpeechWindows => {
  const frameSamples = Math.round((plan.sampleRate * FRAME_MS) / 1000)
  const pauseFrames = Math.ceil(plan.pauseMs / FRAME_MS)
  const minFrames = Math.ceil(plan.minMs / FRAME_MS)
  const maxFrames = Math.max(minFrames, Math.floor(plan.maxMs / FRAME_MS))

  let pending = new Int16Array(0) // samples not yet a whole frame
  let frames: Int16Array[] = [] // the window in progress
  let startFrame = 0 // index of its first frame since the start of the audio
  let spoken = false // it holds a frame of speech
  let silentRun = 0 // frames of silence at its end
  let bestCut: { at: number; length: number } | null = null // the longest pause so far: cut in its middle

  const msOf = (frame: number): number => frame * FRAME_MS
  const take = (count: number): SpeechWindow | null => {
    const samples = concat(frames.slice(0, count))
    const startMs = msOf(startFrame)
    const window = { startMs, endMs: startMs + Math.round((samples.length * 1000) / plan.sampleRate), samples }
    const hadSpeech = spoken
    frames = frames.slice(count)
    startFrame += count
    // What is left is the tail of a pause (a cut falls in one): silence until proven otherwise.
    spoken = false
    silentRun = frames.length
    bestCut = null
    return hadSpeech ? window : null
  }

  const addFrame = (frame: Int16Array): SpeechWindow | null => {
    const silent = levelDb(frame) < plan.silenceDb
    frames.push(frame)
    if (!silent) {
      spoken = true
      silentRun = 0
    } else silentRun++
    // Before any speech, keep only a pause's worth of lead-in silence.
    if (!spoken && frames.length > pauseFrames) {
      frames.shift()
      startFrame++
    }
    if (!spoken) return null
    if (silentRun >= pauseFrames) {
      const middle = frames.length - Math.floor(silentRun / 2)
      if (bestCut === null || silentRun >= bestCut.length) bestCut = { at: middle, length: silentRun }
      if (frames.length >= minFrames) return take(middle)
    }
    if (frames.length >= maxFrames) return take(bestCut?.at ?? frames.length)
    return null
  }

  return {
    push: (samples) => {
      const all = pending.length === 0 ? samples : concat([pending, samples])
      const windows: SpeechWindow[] = []
      let at = 0
      for (; at + frameSamples <= all.length; at += frameSamples) {
        const w = addFrame(all.slice(at, at + frameSamples))
        if (w !== null) windows.push(w)
      }
      pending = all.slice(at)
      return windows
    },
    end: () => {
      if (pending.length > 0) frames.push(pending)
      pending = new Int16Array(0)
      const last = frames.length === 0 ? null : take(frames.length)
      return last === null ? [] : [last]
    },
  }
}

const concat = (parts: ReadonlyArray<Int16Array>): Int16Array => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
