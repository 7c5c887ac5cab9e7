/**
 * A failure in a later stage keeps what the earlier ones made: a failed analysis keeps the
 * transcript readable and its retry does not transcribe again; a failed transcription keeps the
 * windows it finished, and its retry resumes after them. The error names the stage.
 */
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createBuiltinAnalyzer } from '../../adapters/notes/builtin/index.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import type { Analyzer } from '../../src/core/ports/analyzer.js'
import type { FinishedWindow, Transcriber, Transcription, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { closing, type Harness, startHarness } from '../support/http.js'
import { putContent, silentWav } from './share-world.js'

const s = suite('partial failures: a later stage keeps what earlier stages made')

const line = (startS: number, text: string) => ({ start_ms: startS * 1000, end_ms: startS * 1000 + 1800, speaker: 'Speaker 1', text })
const FIRST = line(0, 'We agreed to move the launch to Friday.')
const SECOND = line(30, 'Ana will send the release notes tomorrow.')

/** Fails its first analysis, as an analyzer out of memory would; analyses as the built-in one afterwards. */
const flakyAnalyzer = (): Analyzer & { calls: number } => {
  const inner = createBuiltinAnalyzer()
  const analyzer = {
    name: 'flaky',
    calls: 0,
    analyze: (input: Parameters<Analyzer['analyze']>[0]) => {
      analyzer.calls++
      return analyzer.calls === 1 ? TE.left({ _tag: 'AnalysisFailure' as const, message: 'the analyzer ran out of memory' }) : inner.analyze(input)
    },
  }
  return analyzer
}

const countingTranscriber = (result: Transcription): Transcriber & { calls: number } => {
  const t = { name: 'counting', available: true, calls: 0, transcribe: () => TE.fromIO(() => (t.calls++, result)) }
  return t
}

const uploadAudio = async (h: Harness) => {
  const wav = silentWav(2)
  const u = (await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: wav.length } })).body.data
  assert.is((await putContent(h, u.id, wav, h.keys.full)).status, 200)
  await h.worker.drain()
  return u as { id: string; runId: string }
}

s('a failed analysis keeps the transcript readable; the retry analyses it without transcribing again', async () => {
  const analyzer = flakyAnalyzer()
  const transcriber = countingTranscriber({ utterances: [FIRST, SECOND], durationMs: 40_000, language: 'en' })
  const h = await startHarness({ ports: { analyzer, transcriber } })
  await closing(h, async () => {
    const u = await uploadAudio(h)
    const failed = (await h.request('GET', `/uploads/${u.id}`)).body.data
    assert.equal([failed.stage, failed.failedStage, failed.hasNotes], ['failed', 'analysing', false])
    assert.is(failed.error, 'Analysing failed: the analyzer ran out of memory. The transcript is kept and can be read; a retry analyses it again without transcribing.')
    assert.is(failed.durationMs, 40_000, 'the audio\'s length is known once transcribed')
    const detail = (await h.request('GET', `/recordings/${u.runId}`)).body.data
    assert.equal([detail.state, detail.failedStage, detail.speakerSeparation, detail.language], ['failed', 'analysing', 'none', 'en'])
    const transcript = (await h.request('GET', `/recordings/${u.runId}/transcript`)).body.data
    assert.equal(transcript.rows.map((r: { text: string }) => r.text), [FIRST.text, SECOND.text], 'the transcript is readable')
    assert.is(detail.shortSummary, '', 'no notes yet')

    const retried = await h.request('POST', `/uploads/${u.id}/retry`)
    assert.equal([retried.status, retried.body.data.stage, retried.body.data.failedStage, retried.body.data.error], [200, 'analysing', null, null])
    await h.worker.drain()
    const ready = (await h.request('GET', `/uploads/${u.id}`)).body.data
    assert.equal([ready.stage, ready.hasNotes, ready.error, ready.failedStage], ['ready', true, null, null])
    assert.equal([transcriber.calls, analyzer.calls], [1, 2], 'transcribed once, analysed twice')
    const notes = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
    assert.ok(notes.shortSummary.length > 0, 'notes were made')
    assert.equal([notes.transcriptTotal, notes.recordingSeconds, notes.speakerSeparation], [2, 40, 'none'])
  })
})

/**
 * A windowed engine as the real ones are: it reuses the windows its checkpoint holds, keeps each
 * window it finishes, and (the first time only) fails on the second window.
 */
const windowedTranscriber = () => {
  const windows: ReadonlyArray<FinishedWindow> = [
    { startMs: 0, endMs: 30_000, utterances: [FIRST] },
    { startMs: 30_000, endMs: 60_000, utterances: [SECOND] },
  ]
  const loaded: Array<ReadonlyArray<FinishedWindow>> = []
  const recognised: number[] = []
  const transcriber: Transcriber = {
    name: 'windowed',
    available: true,
    transcribe: (audio) => async (): Promise<E.Either<TranscriptionFailure, Transcription>> => {
      const kept = (await audio.checkpoint?.load('windowed@30s')) ?? []
      loaded.push(kept)
      for (const w of windows) {
        if (kept.some((k) => k.startMs === w.startMs && k.endMs === w.endMs)) continue
        if (w.startMs === 30_000 && loaded.length === 1) return E.left({ _tag: 'TranscriptionFailure', message: 'the engine stopped in the audio from 0:30 to 1:00' })
        recognised.push(w.startMs)
        await audio.checkpoint?.save('windowed@30s', w)
      }
      return E.right({ utterances: windows.flatMap((w) => w.utterances), durationMs: 60_000 })
    },
  }
  return { transcriber, loaded, recognised }
}

s('a failed transcription keeps the windows it finished; the retry resumes after them; the kept windows go once the transcript is stored', async () => {
  const blobs = memoryBlobStore()
  const engine = windowedTranscriber()
  const h = await startHarness({ ports: { transcriber: engine.transcriber, blobs } })
  await closing(h, async () => {
    const u = await uploadAudio(h)
    const failed = (await h.request('GET', `/uploads/${u.id}`)).body.data
    assert.equal([failed.stage, failed.failedStage], ['failed', 'transcribing'])
    assert.is(failed.error, 'Transcribing failed: the engine stopped in the audio from 0:30 to 1:00')
    const kept = E.getOrElse((): ReadonlyArray<string> => [])(await blobs.list('processing/')())
    assert.equal(kept, [`processing/${h.accounts.first}/${u.runId}/windows.json`], 'the finished window is kept')

    const retried = await h.request('POST', `/uploads/${u.id}/retry`)
    assert.equal([retried.status, retried.body.data.stage], [200, 'stored'], 'a failed transcription starts again from transcribing')
    await h.worker.drain()
    assert.equal(engine.loaded.map((k) => k.map((w) => w.startMs)), [[], [0]], 'the retry found the first window kept')
    assert.equal(engine.recognised, [0, 30_000], 'each window was recognised once')
    const ready = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
    assert.equal([ready.state, ready.transcript.map((r: { text: string }) => r.text)], ['ready', [FIRST.text, SECOND.text]])
    assert.equal(E.getOrElse((): ReadonlyArray<string> => ['?'])(await blobs.list('processing/')()), [], 'the kept windows are dropped once the transcript is stored')
  })
})

s('deleting a recording whose transcription failed removes its kept windows too', async () => {
  const blobs = memoryBlobStore()
  const h = await startHarness({ ports: { transcriber: windowedTranscriber().transcriber, blobs } })
  await closing(h, async () => {
    const u = await uploadAudio(h)
    assert.is((await h.request('GET', `/uploads/${u.id}`)).body.data.failedStage, 'transcribing')
    assert.is((await h.request('DELETE', `/recordings/${u.runId}`)).status, 204)
    assert.equal(E.getOrElse((): ReadonlyArray<string> => ['?'])(await blobs.list('')()), [], 'no file is left')
  })
})

s('speakers: named by a transcript file, told apart by channels, or not told apart', async () => {
  const stereo = countingTranscriber({ utterances: [FIRST, { ...SECOND, speaker: 'Speaker 2' }], durationMs: 40_000, speakerSeparation: 'channels' })
  const h = await startHarness({ ports: { transcriber: stereo } })
  await closing(h, async () => {
    const audio = await uploadAudio(h)
    assert.is((await h.request('GET', `/recordings/${audio.runId}`)).body.data.speakerSeparation, 'channels')
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ana>We agreed to ship on Friday.\n'
    const t = (await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })).body.data
    assert.is((await putContent(h, t.id, Buffer.from(vtt), h.keys.full)).status, 200)
    await h.worker.drain()
    const detail = (await h.request('GET', `/recordings/${t.runId}`)).body.data
    assert.equal([detail.state, detail.speakerSeparation], ['ready', 'transcript'])
    const pending = (await h.request('POST', '/uploads', { body: { filename: 'later.wav', byteSize: 10 } })).body.data
    assert.is((await h.request('GET', `/recordings/${pending.runId}`)).body.data.speakerSeparation, null, 'null until transcribed')
  })
})

s('the OpenAPI description documents failedStage and speakerSeparation', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const data = (path: string) => h.openapi.paths[path].get.responses['200'].content['application/json'].schema.properties.data
    const upload = data('/uploads/{uploadId}')
    const detail = data('/recordings/{runId}')
    for (const object of [upload, detail]) {
      assert.ok(object.required.includes('failedStage'))
      assert.match(object.properties.failedStage.description, /transcript is kept/)
    }
    assert.match(detail.properties.speakerSeparation.description, /not told apart/)
  })
})

s.run()
