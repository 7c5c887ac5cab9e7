/**
 * Processing is bounded and fair: an attempt that passes its time limit is stopped (its engine
 * told through the signal) and fails in words, once, without a retry; one account's processing
 * runs one recording at a time, so another account's upload is processed while it runs.
 * Stand-in engines wait for a signal instead of burning CPU, so nothing here is timed.
 */
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createTranscriptParser } from '../../adapters/speech/transcript-parse/index.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import type { Transcriber } from '../../src/core/ports/transcriber.js'
import type { TranscriptParser } from '../../src/core/ports/transcript-parser.js'
import { closing, type Harness, startHarness } from '../support/http.js'
import { putContent, silentWav } from './share-world.js'

const s = suite('processing limits: a time limit per attempt, and no account takes every slot')

const VTT = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>We ship on Friday.\n')

/** Resolves once the signal aborts; records that it did. */
const untilStopped = (signal: AbortSignal | undefined, seen: { stopped: number }) =>
  new Promise<void>((resolve) => {
    const stop = () => {
      seen.stopped++
      resolve()
    }
    if (signal === undefined) return
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })

const send = async (h: Harness, key: string, filename: string, bytes: Buffer) => {
  const u = (await h.request('POST', '/uploads', { key, body: { filename, byteSize: bytes.length } })).body.data as { id: string; runId: string }
  assert.is((await putContent(h, u.id, bytes, key)).status, 200)
  return u
}

const uploadOf = async (h: Harness, id: string, key?: string) => (await h.request('GET', `/uploads/${id}`, key === undefined ? {} : { key })).body.data

s('a transcript still being read when the limit passes is stopped and fails in words, without a retry', async () => {
  const seen = { calls: 0, stopped: 0 }
  const parser: TranscriptParser = {
    parse: (_f, _t, _l, options) => async () => {
      seen.calls++
      await untilStopped(options?.signal, seen)
      return E.left({ _tag: 'TranscriptParseFailure', line: null, message: 'reading was stopped' })
    },
  }
  const h = await startHarness({ ports: { transcriptParser: parser, processingTimeout: { baseMs: 100, perAudioMinuteMs: 0 } } })
  await closing(h, async () => {
    const u = await send(h, h.keys.full, 'slow.vtt', VTT)
    await h.worker.drain()
    const failed = await uploadOf(h, u.id)
    assert.equal([failed.stage, failed.failedStage], ['failed', 'transcribing'])
    assert.is(failed.error, 'Processing stopped after 0.1 seconds: reading the transcript took longer than this server allows for one recording.')
    assert.equal(seen, { calls: 1, stopped: 1 }, 'the parser was told to stop, and not run again')
  })
})

s('an analysis past the limit is stopped; the transcript made before it is kept', async () => {
  const seen = { stopped: 0 }
  const analyzer: Analyzer = {
    name: 'slow',
    analyze: (_input, options) => async () => {
      await untilStopped(options?.signal, seen)
      return E.left({ _tag: 'AnalysisFailure', message: 'stopped' })
    },
  }
  const h = await startHarness({ ports: { analyzer, processingTimeout: { baseMs: 100, perAudioMinuteMs: 0 } } })
  await closing(h, async () => {
    const u = await send(h, h.keys.full, 'talk.vtt', VTT)
    await h.worker.drain()
    const failed = await uploadOf(h, u.id)
    assert.equal([failed.stage, failed.failedStage, seen.stopped], ['failed', 'analysing', 1])
    assert.is(failed.error, 'Processing stopped after 0.1 seconds: making the notes took longer than this server allows for one recording. The transcript is kept and can be read.')
    const transcript = (await h.request('GET', `/recordings/${u.runId}/transcript`)).body.data
    assert.equal(transcript.rows.map((r: { text: string }) => r.text), ['We ship on Friday.'])
  })
})

s('audio gets more time for its length: the limit is the base plus its share per minute of audio', async () => {
  const seen = { stopped: 0, lengthAskedFor: 0 }
  const transcriber: Transcriber = {
    name: 'slow',
    available: true,
    transcribe: (audio) => async () => {
      await untilStopped(audio.signal, seen)
      return E.left({ _tag: 'TranscriptionFailure', message: 'stopped' })
    },
  }
  const audioLengthMs = async () => {
    seen.lengthAskedFor++
    return 30_000
  }
  // 2 s, and 2 s per minute of audio: 3 s for half a minute. The base alone must outlast the stages before
  // transcription, which take a few hundred ms on a busy machine over Postgres.
  const h = await startHarness({ ports: { transcriber, audioLengthMs, processingTimeout: { baseMs: 2_000, perAudioMinuteMs: 2_000 } } })
  await closing(h, async () => {
    const wav = silentWav(1)
    const u = await send(h, h.keys.full, 'call.wav', wav)
    await h.worker.drain()
    const failed = await uploadOf(h, u.id)
    assert.equal([failed.stage, failed.failedStage, seen.stopped, seen.lengthAskedFor], ['failed', 'transcribing', 1, 1])
    assert.is(failed.error, 'Processing stopped after 3 seconds: transcribing the audio took longer than this server allows for one recording.')
  })
})

s('while one account\'s files are processed one at a time, another account\'s upload is processed beside them', async () => {
  const real = createTranscriptParser()
  let release: () => void = () => undefined
  const released = new Promise<void>((r) => {
    release = r
  })
  const started: string[] = []
  // Files named "slow" wait until released: the stand-in for a worst-case file.
  const parser: TranscriptParser = {
    parse: (format, bytes, limits, options) => async () => {
      const slow = Buffer.from(bytes).includes('slow')
      started.push(slow ? 'slow' : 'quick')
      if (slow) await released
      return real.parse(format, bytes, limits, options)()
    },
  }
  const slowVtt = (n: number) => Buffer.from(`WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>A slow file, number ${n}.\n`)
  const h = await startHarness({ ports: { transcriptParser: parser } })
  await closing(h, async () => {
    const a1 = await send(h, h.keys.full, 'a1.vtt', slowVtt(1))
    const a2 = await send(h, h.keys.full, 'a2.vtt', slowVtt(2))
    const b = await send(h, h.keys.other, 'b.vtt', VTT)
    const draining = h.worker.drain()
    // The other account's upload becomes ready while the first account's file is still being read.
    for (let i = 0; i < 400 && (await uploadOf(h, b.id, h.keys.other)).stage !== 'ready'; i++) await new Promise((r) => setTimeout(r, 25))
    assert.is((await uploadOf(h, b.id, h.keys.other)).stage, 'ready')
    assert.equal([...started].sort(), ['quick', 'slow'], 'the first account\'s second file has not started: its account has one running')
    assert.is((await uploadOf(h, a2.id)).stage, 'stored')
    release()
    await draining
    assert.equal([(await uploadOf(h, a1.id)).stage, (await uploadOf(h, a2.id)).stage], ['ready', 'ready'])
  })
})

s.run()
