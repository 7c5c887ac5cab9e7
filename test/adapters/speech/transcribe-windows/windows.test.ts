import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseSilences, planWindows } from '../../../../adapters/speech/transcribe-windows/index.js'

test('audio no longer than a window is one window', () => {
  assert.equal(planWindows(20_000, [{ startMs: 5000, endMs: 6000 }], { maxMs: 30_000 }), [{ startMs: 0, endMs: 20_000, silent: false }])
})

test('cuts in the middle of the longest pause, windows tile the audio, none longer than the limit', () => {
  const silences = [
    { startMs: 8000, endMs: 8400 },
    { startMs: 14_000, endMs: 16_000 }, // longest in the first 30 s
    { startMs: 25_000, endMs: 25_500 },
    { startMs: 40_000, endMs: 41_000 },
  ]
  const windows = planWindows(60_000, silences, { maxMs: 30_000 })
  assert.equal(windows.map((w) => [w.startMs, w.endMs]), [[0, 15_000], [15_000, 40_500], [40_500, 60_000]])
  assert.ok(windows.every((w) => w.endMs - w.startMs <= 30_000))
})

test('a stretch without any pause is cut at the limit; a window wholly in a pause is marked silent', () => {
  const windows = planWindows(70_000, [{ startMs: 30_000, endMs: 70_000 }], { maxMs: 20_000 })
  assert.equal(windows.map((w) => [w.startMs, w.endMs, w.silent]), [
    [0, 20_000, false],
    [20_000, 40_000, false],
    [40_000, 50_000, true], // then cut in the middle of the pause
    [50_000, 70_000, true],
  ])
})

test('silencedetect output: start/end pairs in seconds, a pause open at the end lasts to the end', () => {
  const printed = 'frame:3 pts:6144 pts_time:0.27\nlavfi.silence_start=0\nframe:10\nlavfi.silence_end=1.0146\nlavfi.silence_duration=1.0146\nlavfi.silence_start=4.46435\n'
  assert.equal(parseSilences(printed, 5800), [{ startMs: 0, endMs: 1015 }, { startMs: 4464, endMs: 5800 }])
})

test.run()
