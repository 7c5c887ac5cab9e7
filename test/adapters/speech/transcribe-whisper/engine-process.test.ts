import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWhisperTranscriber, defaultMaxMemoryBytes, defaultThreads } from '../../../../adapters/speech/transcribe-whisper/index.js'
import { writeTinyWhisperModel } from '../../../../scripts/make-tiny-whisper-model.js'
import { left, right } from '../../../support/run.js'
import { speakDialogue, speakToWav } from '../../../support/speech.js'
import { memoryCheckpoint } from '../transcribe-windows/memory-checkpoint.js'

interface Ctx {
  dir: string
  model: string
  clip: string
  /** Four turns with 1.5 s pauses: several windows of 4 s. */
  long: string
  silence: string
}
const engine = suite<Ctx>('whisper in its own process', {} as Ctx)

engine.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'whisper-process-test-'))
  ctx.model = join(ctx.dir, 'ggml-tiny-random.bin')
  writeTinyWhisperModel(ctx.model)
  ctx.clip = join(ctx.dir, 'clip.wav')
  await speakToWav('Good morning everyone. Let us start with the budget.', ctx.clip)
  ctx.long = join(ctx.dir, 'long.wav')
  await speakDialogue(
    [
      { speaker: 'A', text: 'Hello everyone. Welcome to the meeting.' },
      { speaker: 'B', text: 'Thank you. Let us talk about the budget.' },
      { speaker: 'A', text: 'The project is going well.' },
      { speaker: 'B', text: 'Good. See you next week.' },
    ],
    ctx.long,
    { gapMs: 1500 },
  )
  ctx.silence = join(ctx.dir, 'silence.wav')
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3', ctx.silence])
})
engine.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

const standIn = (name: string) => join(import.meta.dirname, 'stand-ins', `${name}.cjs`)

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const waitFor = async (what: string, test: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms
  while (!test()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

engine('threads: all cores but one, at least 1, at most 4; the option overrides', () => {
  assert.equal([1, 2, 3, 4, 5, 8, 64].map((n) => defaultThreads(n)), [1, 1, 2, 3, 4, 4, 4])
  const t = createWhisperTranscriber({ modelPath: '/nonexistent/ggml-base.en.bin' })
  assert.is(t.threads, defaultThreads())
  assert.is(createWhisperTranscriber({ modelPath: '/nonexistent/ggml-base.en.bin', threads: 3 }).threads, 3)
})

engine('the memory bound follows the model size; the option overrides', (ctx) => {
  const t = createWhisperTranscriber({ modelPath: ctx.model })
  assert.is(t.maxMemoryBytes, defaultMaxMemoryBytes(t.modelInfo!.bytes))
  assert.ok(defaultMaxMemoryBytes(148e6) > 700e6 && defaultMaxMemoryBytes(148e6) < 800e6, 'base.en: about 770 MB')
  assert.is(createWhisperTranscriber({ modelPath: ctx.model, maxMemoryBytes: 123 }).maxMemoryBytes, 123)
})

engine('whisper.cpp runs in another process, at a lower priority, with the threads given; it is gone afterwards', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 3, bindingModule: standIn('pid') })
  let seen: ReadonlyArray<number> = []
  const result = await right(
    transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }, () => {
      if (seen.length === 0) seen = transcriber.enginePids()
    }),
  )
  const said = /^pid (\d+) nice (-?\d+) threads (\d+)$/.exec(result.utterances[0]?.text ?? '')
  assert.ok(said !== null, JSON.stringify(result.utterances))
  const pid = Number(said[1])
  assert.is.not(pid, process.pid)
  assert.ok(Number(said[2]) > getPriority(), `the engine's priority ${said[2]} is below the server's ${getPriority()}`)
  assert.is(Number(said[3]), 3)
  await waitFor('the engine process ends with the transcription', () => !alive(pid))
  assert.equal(transcriber.enginePids(), [])
})

engine('the real whisper.cpp in its process transcribes a window; a second transcription gets a process of its own', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 1, temperatureInc: 0 })
  const pids = new Set<number>()
  const note = () => transcriber.enginePids().forEach((p) => pids.add(p))
  try {
    await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }, note))
    await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }, note))
    assert.is(pids.size, 2, [...pids].join(', '))
    assert.ok(!pids.has(process.pid))
  } finally {
    await transcriber.close()
  }
})

engine('a crash in whisper.cpp fails that window with words, not this process; the windows before it stay checkpointed', async (ctx) => {
  process.env.WHISPER_ABORT_AT = '2'
  try {
    const store = memoryCheckpoint()
    const transcriber = createWhisperTranscriber({ modelPath: ctx.model, windowMs: 4000, bindingModule: standIn('aborts') })
    const failure = await left(transcriber.transcribe({ path: ctx.long, defaultSpeaker: 'Room', checkpoint: store.checkpoint }))
    assert.match(failure.message, /^the speech engine stopped \(SIGABRT\) while transcribing \d:\d\d–\d:\d\d: GGML_ASSERT\(ctx->mem_buffer != NULL\) failed$/)
    assert.not.match(failure.message, /in the audio from/, 'the place is said once')
    assert.is(store.saves.length, 1, 'the first window is kept for the retry')
    const second = store.saves[0]!.window.endMs
    assert.ok(failure.message.includes(`${Math.floor(second / 60_000)}:${String(Math.floor((second % 60_000) / 1000)).padStart(2, '0')}–`), failure.message)
    // This process goes on, and so does the transcriber.
    const again = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn('pid') })
    assert.ok((await right(again.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))).utterances.length > 0)
  } finally {
    delete process.env.WHISPER_ABORT_AT
  }
})

engine('the processing deadline kills the engine process', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn('hangs') })
  const deadline = new AbortController()
  const running = transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room', signal: deadline.signal })()
  await waitFor('the engine process starts', () => transcriber.enginePids().length === 1)
  const pid = transcriber.enginePids()[0]!
  await new Promise((r) => setTimeout(r, 500)) // the window is under way by now
  assert.ok(alive(pid))
  deadline.abort()
  const result = await running
  assert.is(result._tag, 'Left')
  if (result._tag === 'Left') assert.is(result.left.message, 'speech recognition was stopped: processing passed its time limit')
  await waitFor('the engine process is killed', () => !alive(pid))
})

engine('an engine process past its memory bound is killed and the window fails, saying so', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, maxMemoryBytes: 300 * 1024 * 1024, bindingModule: standIn('grows') })
  const started = Date.now()
  const failure = await left(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
  assert.match(failure.message, /^the speech engine was stopped while transcribing 0:00–0:0\d: it used (\d+) MB of memory, more than the 300 MB allowed for this model \(NOTETAKER_WHISPER_MAX_MEMORY_MB raises it\)$/)
  const used = Number(/used (\d+) MB/.exec(failure.message)![1])
  // Read every 250 ms while growing 32 MB every 20 ms: stopped within about 400 MB of the bound, not at the stand-in's 3.2 GB.
  assert.ok(used > 300 && used < 700, `${used} MB`)
  assert.ok(Date.now() - started < 10_000)
})

engine('a window of silence is never given to Whisper; one of speech is', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn('pid') })
  const silent = await right(transcriber.transcribe({ path: ctx.silence, defaultSpeaker: 'Room' }))
  assert.equal(silent.utterances, [])
  assert.ok(silent.durationMs > 2900)
  const spoken = await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
  assert.is(spoken.utterances.length, 1)
})

engine('loops are cut to one saying; a transcript mostly one phrase carries a warning', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn('loops') })
  const result = await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
  assert.equal(
    result.utterances.map((u) => u.text),
    ['Welcome to the meeting about the budget.', 'Thank you.'],
    'the loop inside a segment cut to one saying, then it and the eight segments after it kept once',
  )
  assert.equal(result.warnings, [
    'Much of this transcript is one phrase repeated ("Thank you"). The speech engine does this on music, noise or long silences, so these words are probably not what was said; check the recording.',
  ])
  // Speech that is not a loop carries none.
  const plain = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn('pid') })
  assert.is((await right(plain.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))).warnings, undefined)
})

engine.run()
