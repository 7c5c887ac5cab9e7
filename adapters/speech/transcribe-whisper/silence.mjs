// Whether a window of samples holds nothing louder than silence. Plain JavaScript: the engine's
// process (child.mjs) runs it without a TypeScript loader.

/** 25 ms at 16 kHz: short enough that a single word shows above the floor. */
const FRAME = 400

/**
 * True when no 25 ms frame of `samples` (floats in [-1, 1]) reaches `thresholdDb` dBFS of RMS.
 * The default, -45 dBFS, is below the -35 dB pauses that windows are cut at, so quiet speech
 * still goes to Whisper; only what is silence throughout (a muted microphone, a gap in a call) is kept from it.
 */
export const isSilent = (samples, thresholdDb = -45) => {
  const floor = 10 ** (thresholdDb / 20)
  const floorSquared = floor * floor
  for (let start = 0; start < samples.length; start += FRAME) {
    const end = Math.min(samples.length, start + FRAME)
    let sum = 0
    for (let i = start; i < end; i++) sum += samples[i] * samples[i]
    if (sum / (end - start) >= floorSquared) return false
  }
  return true
}
