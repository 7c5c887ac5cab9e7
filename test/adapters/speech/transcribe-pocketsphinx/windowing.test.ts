import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite, test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPocketsphinxTranscriber, parseSilences, planWindows } from '../../../../adapters/speech/transcribe-pocketsphinx/index.js'
import { parseSilences as sharedParseSilences, planWindows as sharedPlanWindows } from '../../../../adapters/speech/transcribe-windows/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { left, right } from '../../../support/run.js'
import { speakDialogue } from '../../../support/speech.js'
import { memoryCheckpoint } from '../transcribe-windows/memory-checkpoint.js'

test('the windowing helpers are still exported from the pocketsphinx adapter', () => {
  assert.is(planWindows, sharedPlanWindows)
  assert.is(parseSilences, sharedParseSilences)
})

test.run()

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

/** A stand-in recogniser that notes each window it is given (in a list named `label`) and fails on the one named `failOn`. */
const wrapper = async (dir: string, failOn?: string, label = failOn ?? 'ok'): Promise<{ binary: string; calls: () => Promise<string[]> }> => {
  const binary = join(dir, `sphinx-${label}.sh`)
  const calls = join(dir, `calls-${label}.txt`)
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

long('a second run with some windows saved recognises only the others, and gives the same transcript', async (ctx) => {
  const first = await wrapper(ctx.dir, undefined, 'first-run')
  const store = memoryCheckpoint()
  const whole = await right(createPocketsphinxTranscriber({ binary: first.binary, windowMs: 5000, threads: 2 }).transcribe({ path: ctx.audio, defaultSpeaker: 'R', checkpoint: store.checkpoint }))
  const recognised = (await first.calls()).length
  assert.ok(recognised >= 3, `several windows recognised: ${recognised}`)
  assert.is(store.saves.length, recognised, 'each recognised window saved')
  const [engine] = store.loads
  assert.match(engine ?? '', /^pocketsphinx:5000:/)
  assert.ok(store.saves.every((s) => s.engine === engine))
  // Cut off after two windows (the first and the last here): a restart resumes with those.
  const kept = [store.saves[0]!.window, store.saves[store.saves.length - 1]!.window]
  const resumed = memoryCheckpoint({ [engine!]: kept })
  const second = await wrapper(ctx.dir, undefined, 'resumed-run')
  const again = await right(createPocketsphinxTranscriber({ binary: second.binary, windowMs: 5000, threads: 2 }).transcribe({ path: ctx.audio, defaultSpeaker: 'R', checkpoint: resumed.checkpoint }))
  assert.is((await second.calls()).length, recognised - 2, 'only the windows not saved are recognised again')
  assert.equal(again.utterances, whole.utterances)
  assert.equal(resumed.saves.map((s) => s.window.startMs).sort(), store.saves.map((s) => s.window.startMs).filter((ms) => !kept.some((k) => k.startMs === ms)).sort())
  // Another window length is another plan: nothing saved with 5 s windows is reused.
  const other = memoryCheckpoint({ [engine!]: store.saves.map((s) => s.window) })
  await right(createPocketsphinxTranscriber({ windowMs: 6000, threads: 2 }).transcribe({ path: ctx.audio, defaultSpeaker: 'R', checkpoint: other.checkpoint }))
  assert.not.ok(other.loads.includes(engine!), `${other.loads.join(', ')} differs from ${engine}`)
  assert.ok(other.saves.length > 0)
})

long.run()
