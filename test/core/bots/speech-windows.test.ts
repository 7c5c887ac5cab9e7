import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LIVE_WINDOWS, speechWindows, type SpeechWindow } from '../../../src/core/bots/speech-windows.js'

const RATE = 16_000
const plan = { ...LIVE_WINDOWS, sampleRate: RATE }

/** Audio as a list of stretches: `speech` is a loud tone (well above the silence level), `silence` is zeros. */
const audio = (...parts: ReadonlyArray<readonly ['speech' | 'silence', number]>): Int16Array => {
  const out = new Int16Array(parts.reduce((n, [, ms]) => n + (ms * RATE) / 1000, 0))
  let at = 0
  for (const [kind, ms] of parts) {
    const n = (ms * RATE) / 1000
    if (kind === 'speech') for (let i = 0; i < n; i++) out[at + i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / RATE))
    at += n
  }
  return out
}

/** Pushes the audio in pieces of `pieceMs` (as chunks arrive), then ends it. */
const cut = (samples: Int16Array, pieceMs = 1000): SpeechWindow[] => {
  const w = speechWindows(plan)
  const out: SpeechWindow[] = []
  const piece = (pieceMs * RATE) / 1000
  for (let at = 0; at < samples.length; at += piece) out.push(...w.push(samples.slice(at, at + piece)))
  return [...out, ...w.end()]
}
const spans = (ws: ReadonlyArray<SpeechWindow>) => ws.map((w) => [w.startMs, w.endMs])

const windows = suite('speech windows for live lines')

windows('a sentence, a pause, a sentence: two windows, cut inside the pause', () => {
  const ws = cut(audio(['speech', 2500], ['silence', 600], ['speech', 2000]))
  // Cut as soon as the silence is long enough to be a pause (300 ms), about halfway into that;
  // the next window keeps at most a pause of lead-in.
  assert.equal(spans(ws), [
    [0, 2660],
    [2800, 5100],
  ])
  assert.is(ws[0]!.samples.length, (2660 * RATE) / 1000, 'a window holds its samples')
})

windows('a pause before the shortest window is not a cut: short phrases are kept together', () => {
  const ws = cut(audio(['speech', 800], ['silence', 400], ['speech', 1500]))
  assert.equal(spans(ws), [[0, 2700]])
})

windows('speech with no pause is cut at the longest window', () => {
  const ws = cut(audio(['speech', 13_000]))
  assert.equal(spans(ws), [
    [0, 6000],
    [6000, 12_000],
    [12_000, 13_000],
  ])
})

windows('a window grown too long is cut at its longest pause, not in a word', () => {
  // Pauses at 0.5 s (320 ms) and 1.2 s (500 ms) both come before the shortest window; then speech on.
  const ws = cut(audio(['speech', 500], ['silence', 320], ['speech', 400], ['silence', 500], ['speech', 6000]))
  assert.equal(spans(ws)[0], [0, 1480], 'cut in the middle of the longer pause')
  assert.ok(ws.length >= 2)
})

windows('silence gives no window, and leading silence is trimmed to a pause', () => {
  assert.equal(cut(audio(['silence', 10_000])), [])
  const ws = cut(audio(['silence', 5000], ['speech', 2000]))
  assert.equal(spans(ws), [[4700, 7000]])
})

windows('the windows do not depend on how the samples were split, and none is lost or doubled', () => {
  const samples = audio(['speech', 2100], ['silence', 700], ['speech', 3000], ['silence', 350], ['speech', 4000], ['silence', 2000])
  const whole = cut(samples, 60_000)
  assert.equal(spans(cut(samples, 37)), spans(whole))
  assert.equal(spans(cut(samples, 1000)), spans(whole))
  whole.forEach((w, i) => i > 0 && assert.ok(w.startMs >= whole[i - 1]!.endMs, 'windows do not overlap'))
})

windows.run()
