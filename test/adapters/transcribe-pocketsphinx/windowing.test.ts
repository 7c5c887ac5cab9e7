import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPocketsphinxTranscriber, parseSilences, planWindows } from '../../../adapters/transcribe-pocketsphinx/index.js'
import type { Utterance } from '../../../src/core/domain/utterance.js'
import { left, right } from '../../support/run.js'
import { speakDialogue } from '../../support/speech.js'

const plan = suite('pocketsphinx windows: where long audio is cut')

plan('audio no longer than a window is one window', () => {
  assert.equal(planWindows(20_000, [{ startMs: 5000, endMs: 6000 }], { maxMs: 30_000 }), [{ startMs: 0, endMs: 20_000, silent: false }])
})

plan('cuts in the middle of the longest pause, windows tile the audio, none longer than the limit', () => {
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

plan('a stretch without any pause is cut at the limit; a window wholly in a pause is marked silent', () => {
  const windows = planWindows(70_000, [{ startMs: 30_000, endMs: 70_000 }], { maxMs: 20_000 })
  assert.equal(windows.map((w) => [w.startMs, w.endMs, w.silent]), [
    [0, 20_000, false],
    [20_000, 40_000, false],
    [40_000, 50_000, true], // then cut in the middle of the pause
    [50_000, 70_000, true],
  ])
})

plan('silencedetect output: start/end pairs in seconds, a pause open at the end lasts to the end', () => {
  const printed = 'frame:3 pts:6144 pts_time:0.27\nlavfi.silence_start=0\nframe:10\nlavfi.silence_end=1.0146\nlavfi.silence_duration=1.0146\nlavfi.silence_start=4.46435\n'
  assert.equal(parseSilences(printed, 5800), [{ startMs: 0, endMs: 1015 }, { startMs: 4464, endMs: 5800 }])
})

plan.run()

interface Ctx {
  dir: string
  audio: string
  turns: Utterance[]
}
const long = suite<Ctx>('pocketsphinx windows: a clip with pauses, cut small', {} as Ctx)

// Four short turns with long pauses, and windows of at most 5 s: several windows per run.
long.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'pocketsphinx-windows-'))
  ctx.audio = join(ctx.dir, 'meeting.wav')
  ctx.turns = await speakDialogue(
    [
      { speaker: 'A', text: 'Hello everyone. Welcome to the meeting.', voice: 'en-us+f3' },
      { speaker: 'B', text: 'Thank you. Let us talk about the budget.', voice: 'en-us+m3' },
      { speaker: 'A', text: 'The project is going well.', voice: 'en-us+f3' },
      { speaker: 'B', text: 'Good. See you next week.', voice: 'en-us+m3' },
    ],
    ctx.audio,
    { gapMs: 1500 },
  )
})
long.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

/** A stand-in recogniser that notes each window it is given and fails on the one named `failOn`. */
const wrapper = async (dir: string, failOn?: string): Promise<{ binary: string; calls: () => Promise<string[]> }> => {
  const binary = join(dir, `sphinx-${failOn ?? 'ok'}.sh`)
  const calls = join(dir, `calls-${failOn ?? 'ok'}.txt`)
  await writeFile(
    binary,
    `#!/bin/sh\nfor a in "$@"; do case "$a" in *.wav) echo "$a" >> '${calls}';; esac; done\n` +
      (failOn === undefined ? '' : `case "$*" in *${failOn}*) exit 3;; esac\n`) +
      'exec pocketsphinx_continuous "$@"\n',
  )
  await chmod(binary, 0o755)
  return { binary, calls: async () => (await readFile(calls, 'utf8').catch(() => '')).split('\n').filter((l) => l !== '') }
}

const SLACK_MS = 300

long('several windows; words land on the file’s timeline, in order, inside the turns that said them; progress rises per window', async (ctx) => {
  const { binary, calls } = await wrapper(ctx.dir)
  const seen: number[] = []
  const result = await right(
    createPocketsphinxTranscriber({ binary, windowMs: 5000, threads: 2 }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }, (f) => seen.push(f)),
  )
  const windows = await calls()
  assert.ok(windows.length >= 3, `the audio was cut into several windows: ${windows.length}`)
  assert.ok(result.utterances.length >= 3, JSON.stringify(result.utterances))
  let previousEnd = 0
  for (const u of result.utterances) {
    assert.ok(u.start_ms >= previousEnd && u.end_ms > u.start_ms && u.end_ms <= result.durationMs, `monotonic: ${JSON.stringify(u)}`)
    previousEnd = u.end_ms
    assert.ok(
      ctx.turns.some((t) => u.start_ms >= t.start_ms - SLACK_MS && u.end_ms <= t.end_ms + SLACK_MS),
      `${JSON.stringify(u)} lies inside a spoken turn: ${JSON.stringify(ctx.turns.map((t) => [t.start_ms, t.end_ms]))}`,
    )
  }
  for (const turn of ctx.turns.slice(2))
    assert.ok(result.utterances.some((u) => u.start_ms >= turn.start_ms - SLACK_MS && u.end_ms <= turn.end_ms + SLACK_MS), `heard in the later turn at ${turn.start_ms}`)
  assert.ok(seen.length >= windows.length, `a report per window at least: ${JSON.stringify(seen)}`)
  assert.ok(seen.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > seen[i - 1]!)), `rising: ${JSON.stringify(seen)}`)
  assert.is(seen[seen.length - 1], 1)
})

long('one thread gives the same words as two', async (ctx) => {
  const text = async (threads: number) =>
    (await right(createPocketsphinxTranscriber({ windowMs: 5000, threads }).transcribe({ path: ctx.audio, defaultSpeaker: 'R' }))).utterances
  assert.equal(await text(1), await text(2))
})

long('a window that fails fails the whole transcription, saying where', async (ctx) => {
  const { binary } = await wrapper(ctx.dir, 'window-00001')
  const f = await left(createPocketsphinxTranscriber({ binary, windowMs: 5000, threads: 2 }).transcribe({ path: ctx.audio, defaultSpeaker: 'R' }))
  assert.match(f.message, /^speech recognition failed: .*exited with code 3 \(in the audio from 0:0\d to 0:\d\d\)$/)
})

long.run()
