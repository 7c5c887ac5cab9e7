import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assignSpeakers, type Diarizer, type SpeakerTurn, withVoiceSpeakers } from '../../../../adapters/speech/diarize-sherpa/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { SpeakerSeparation, Transcriber, Transcription } from '../../../../src/core/ports/transcriber.js'

const u = (start: number, end: number, text = `${start}`): Utterance => ({ start_ms: start, end_ms: end, speaker: 'Speaker 1', text })
const turn = (startMs: number, endMs: number, speaker: number): SpeakerTurn => ({ startMs, endMs, speaker })

test('each utterance takes the voice that speaks most during it; names follow first appearance, not the index', () => {
  const utterances = [u(0, 2000), u(2000, 5000), u(5000, 6000), u(6500, 9000)]
  // Voice 3 speaks first, then 0 (overlapping 3 for a moment), then 3 again.
  const turns = [turn(0, 2100, 3), turn(1900, 5200, 0), turn(5200, 9000, 3)]
  const named = assignSpeakers(utterances, turns)!
  assert.equal(named.map((x) => x.speaker), ['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 1'])
  assert.equal(named.map((x) => x.text), utterances.map((x) => x.text), 'the words and times are kept')
  assert.equal(named.map((x) => [x.start_ms, x.end_ms]), utterances.map((x) => [x.start_ms, x.end_ms]))
  // The same turns in another order give the same answer.
  assert.equal(assignSpeakers(utterances, [...turns].reverse())!.map((x) => x.speaker), named.map((x) => x.speaker))
})

test('a turn overlapping longer wins, summed over a voice’s turns; a tie goes to the lower index', () => {
  // 0–1000: voice 1 for 600 ms in two pieces, voice 0 for 500 ms.
  const turns = [turn(0, 300, 1), turn(300, 800, 0), turn(700, 1000, 1)]
  assert.equal(assignSpeakers([u(0, 1000)], turns)!.map((x) => x.speaker), ['Speaker 1'])
  assert.equal(assignSpeakers([u(0, 1000), u(300, 800)], turns)!.map((x) => x.speaker), ['Speaker 1', 'Speaker 2'], 'the second is voice 0 alone (500 of 500 ms vs 100)')
  // 0–1000 is a tie between voices 2 and 1: voice 1 takes it (and is named first); 0–400 is voice 2's alone.
  const tie = [turn(0, 500, 2), turn(500, 1000, 1)]
  assert.equal(assignSpeakers([u(0, 1000), u(0, 400), u(600, 900)], tie)!.map((x) => x.speaker), ['Speaker 1', 'Speaker 2', 'Speaker 1'])
})

test('an utterance in no turn takes the nearest one’s voice; no turns at all is null', () => {
  const turns = [turn(1000, 2000, 0), turn(5000, 6000, 1), turn(500, 2500, 2)]
  const named = assignSpeakers([u(0, 300), u(2600, 3000), u(4000, 4800), u(7000, 7500), u(3000, 3000)], turns)!
  // 0–300: nearest is voice 2 (starts at 500); 2600–3000: voice 2 ended at 2500; 4000–4800: voice 1 starts at 5000; 7000: voice 1.
  assert.equal(named.map((x) => x.speaker), ['Speaker 1', 'Speaker 1', 'Speaker 2', 'Speaker 2', 'Speaker 1'])
  assert.is(assignSpeakers([u(0, 1000)], []), null)
  assert.equal(assignSpeakers([], turns), [])
})

test('many utterances and turns: every utterance gets the speaker a direct count gives', () => {
  let seed = 7
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const turns: SpeakerTurn[] = []
  for (let t = 0; t < 600_000; ) {
    const len = 300 + Math.floor(rnd() * 4000)
    turns.push(turn(t, t + len, Math.floor(rnd() * 4)))
    t += Math.floor(len * (0.6 + rnd() * 0.6)) // some overlap, some gaps
  }
  const utterances: Utterance[] = []
  for (let t = 0; t < 600_000; t += 700 + Math.floor(rnd() * 3000)) utterances.push(u(t, t + 200 + Math.floor(rnd() * 5000)))
  const direct = (x: Utterance) => {
    const sums = new Map<number, number>()
    for (const tr of turns) {
      const o = Math.min(x.end_ms, tr.endMs) - Math.max(x.start_ms, tr.startMs)
      if (o > 0) sums.set(tr.speaker, (sums.get(tr.speaker) ?? 0) + o)
    }
    return [...sums].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null
  }
  const named = assignSpeakers(utterances, turns)!
  const nameOf = new Map<number, string>()
  utterances.forEach((x, i) => {
    const expected = direct(x)
    if (expected === null) return
    if (!nameOf.has(expected)) nameOf.set(expected, named[i]!.speaker)
    assert.is(named[i]!.speaker, nameOf.get(expected), `utterance ${i}`)
  })
  assert.ok(nameOf.size >= 3, 'several voices took part')
})

// ---- the wrapper, over a fake engine and a fake diarizer ----

const engine = (utterances: Utterance[], separation?: SpeakerSeparation): Transcriber & { progress: number[] } => {
  const progress: number[] = []
  return {
    name: 'fake',
    model: 'fake-1',
    available: true,
    languages: ['en'],
    progress,
    transcribe: (_audio, onProgress) => {
      onProgress?.(0.5)
      onProgress?.(1)
      return TE.right({ utterances, durationMs: 10_000, language: 'en', ...(separation === undefined ? {} : { speakerSeparation: separation }) })
    },
  }
}

const diarizer = (answer: () => Promise<E.Either<string, SpeakerTurn[]>>): Diarizer & { calls: string[] } => {
  const calls: string[] = []
  return {
    name: 'fake-diarizer',
    available: true,
    calls,
    diarize: (path, onProgress) => async () => {
      calls.push(path)
      onProgress?.(0.5)
      onProgress?.(1)
      const r = await answer()
      return E.isLeft(r) ? E.left({ _tag: 'DiarizationFailure', message: r.left }) : E.right(r.right)
    },
  }
}

const audio = { path: '/tmp/meeting.m4a', defaultSpeaker: 'Speaker 1' }
const words = [u(0, 2000, 'hello'), u(2500, 4000, 'hi there'), u(4500, 6000, 'so')]

test('the wrapper: voices named in order, separation `voices`, the engine’s fields kept, progress rising to 1', async () => {
  const d = diarizer(async () => E.right([turn(0, 2200, 1), turn(2300, 4200, 0), turn(4300, 6000, 1)]))
  const wrapped = withVoiceSpeakers(engine(words), d)
  assert.equal([wrapped.name, wrapped.model, wrapped.available, wrapped.languages], ['fake', 'fake-1', true, ['en']])
  const seen: number[] = []
  const r = await wrapped.transcribe(audio, (f) => seen.push(f))()
  assert.ok(E.isRight(r))
  const t = (r as E.Right<Transcription>).right
  assert.equal(t.utterances.map((x) => [x.speaker, x.text]), [['Speaker 1', 'hello'], ['Speaker 2', 'hi there'], ['Speaker 1', 'so']])
  assert.equal([t.speakerSeparation, t.durationMs, t.language], ['voices', 10_000, 'en'])
  assert.equal(d.calls, ['/tmp/meeting.m4a'], 'the same audio is diarized')
  assert.ok(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!)), String(seen))
  assert.is(seen.at(-1), 1)
  assert.ok(seen.some((f) => f < 0.9) && seen.some((f) => f > 0.9), 'both stages report')
})

test('a failed diarization keeps the transcript, says `none`, and says why', async () => {
  const reasons: string[] = []
  const failing = withVoiceSpeakers(engine(words), diarizer(async () => E.left('the speaker models could not be loaded')), { onNotSeparated: (r) => reasons.push(r) })
  const r = await failing.transcribe(audio)()
  assert.ok(E.isRight(r))
  const t = (r as E.Right<Transcription>).right
  assert.equal(t.utterances, words, 'as transcribed')
  assert.is(t.speakerSeparation, 'none')
  assert.equal(reasons, ['speakers were not separated by voice: the speaker models could not be loaded'])

  // A diarizer that throws, or finds no voice, is the same.
  const throwing = withVoiceSpeakers(engine(words), diarizer(async () => Promise.reject(new Error('boom'))), { onNotSeparated: (r2) => reasons.push(r2) })
  const thrown = await throwing.transcribe(audio)()
  assert.equal(E.isRight(thrown) ? [thrown.right.speakerSeparation, thrown.right.utterances.length] : null, ['none', 3])
  const silent = withVoiceSpeakers(engine(words), diarizer(async () => E.right([])), { onNotSeparated: (r2) => reasons.push(r2) })
  const quiet = await silent.transcribe(audio)()
  assert.equal(E.isRight(quiet) ? quiet.right.speakerSeparation : null, 'none')
  assert.equal(reasons.slice(1), ['speakers were not separated by voice: boom', 'speakers were not separated by voice: the speaker models found no voice in the audio'])
})

test('speakers already separated (one per channel), or nothing said: left alone, not diarized', async () => {
  const d = diarizer(async () => E.right([turn(0, 6000, 0)]))
  const channels = [{ ...words[0]!, speaker: 'Speaker 1' }, { ...words[1]!, speaker: 'Speaker 2' }]
  const r = await withVoiceSpeakers(engine(channels, 'channels'), d).transcribe(audio)()
  assert.equal(E.isRight(r) ? [r.right.speakerSeparation, r.right.utterances] : null, ['channels', channels])
  const empty = await withVoiceSpeakers(engine([]), d).transcribe(audio)()
  assert.equal(E.isRight(empty) ? empty.right.utterances : null, [])
  assert.equal(d.calls, [])
  // An engine that fails fails as before.
  const broken: Transcriber = { ...engine(words), transcribe: () => TE.left({ _tag: 'TranscriptionFailure', message: 'no engine' }) }
  assert.equal(await withVoiceSpeakers(broken, d).transcribe(audio)(), E.left({ _tag: 'TranscriptionFailure', message: 'no engine' }))
})

test('the engine an inner transcription names is kept, whether voices were told apart or not', async () => {
  const madeBy = { engine: 'whisper', model: 'base.en', accuracy: 'accurate' } as const
  const named = (inner: Transcriber): Transcriber => ({ ...inner, transcribe: (a, p) => TE.map((t: Transcription) => ({ ...t, madeBy }))(inner.transcribe(a, p)) })
  const told = await withVoiceSpeakers(named(engine(words)), diarizer(async () => E.right([turn(0, 2200, 1), turn(2300, 6000, 0)]))).transcribe(audio)()
  assert.equal(E.isRight(told) ? [told.right.speakerSeparation, told.right.madeBy] : null, ['voices', madeBy])
  const failed = await withVoiceSpeakers(named(engine(words)), diarizer(async () => E.left('no models'))).transcribe(audio)()
  assert.equal(E.isRight(failed) ? [failed.right.speakerSeparation, failed.right.madeBy] : null, ['none', madeBy])
})

test('an unavailable diarizer leaves the engine as it is', () => {
  const inner = engine(words)
  const unavailable: Diarizer = { name: 'x', available: false, setupHint: 'no models', diarize: () => TE.left({ _tag: 'DiarizationFailure', message: 'no models' }) }
  assert.is(withVoiceSpeakers(inner, unavailable), inner)
})

test.run()
