import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPocketsphinxTranscriber } from '../../../../adapters/speech/transcribe-pocketsphinx/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { left, right } from '../../../support/run.js'
import { speakDialogue } from '../../../support/speech.js'

interface Ctx {
  dir: string
  audio: string
  turns: Utterance[]
}
const sphinx = suite<Ctx>('pocketsphinx transcriber', {} as Ctx)

// Two voices with a clear pause between them; espeak-ng and pocketsphinx are deterministic,
// but espeak's robot voice is hard for the model, so words are checked only loosely.
sphinx.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'pocketsphinx-test-'))
  ctx.audio = join(ctx.dir, 'dialogue.wav')
  ctx.turns = await speakDialogue(
    [
      { speaker: 'Alice', text: 'Hello everyone. Welcome to the meeting.', voice: 'en-us+f3' },
      { speaker: 'Bob', text: 'Thank you. Let us talk about the budget and the project.', voice: 'en-us+m3' },
    ],
    ctx.audio,
    { gapMs: 1200 },
  )
})
sphinx.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

const SLACK_MS = 300
const within = (u: Utterance, turn: Utterance) => u.start_ms >= turn.start_ms - SLACK_MS && u.end_ms <= turn.end_ms + SLACK_MS

sphinx('free transcription: one utterance per turn, timed inside the turn, by the default speaker', async (ctx) => {
  const result = await right(createPocketsphinxTranscriber().transcribe({ path: ctx.audio, defaultSpeaker: 'Meeting room' }))
  const expectedMs = ctx.turns[1]!.end_ms + 1200
  assert.ok(Math.abs(result.durationMs - expectedMs) <= 20, `duration ${result.durationMs}, expected ${expectedMs}`)
  assert.ok(result.utterances.length >= 2, JSON.stringify(result.utterances))
  let previousEnd = 0
  for (const u of result.utterances) {
    assert.is(u.speaker, 'Meeting room')
    assert.ok(u.text.trim() !== '')
    assert.ok(u.start_ms >= previousEnd && u.end_ms > u.start_ms && u.end_ms <= result.durationMs, JSON.stringify(u))
    previousEnd = u.end_ms
    assert.ok(ctx.turns.some((turn) => within(u, turn)), `${JSON.stringify(u)} lies inside a spoken turn`)
  }
  for (const turn of ctx.turns) assert.ok(result.utterances.some((u) => within(u, turn)), `something is heard during ${turn.speaker}'s turn`)
})

sphinx('progress is reported as the recogniser goes through the audio, up to where speech was last heard', async (ctx) => {
  const seen: number[] = []
  const result = await right(createPocketsphinxTranscriber().transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }, (f) => seen.push(f)))
  assert.ok(seen.length >= 2, `reported as each of the two turns was recognised: ${JSON.stringify(seen)}`)
  assert.ok(seen.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > seen[i - 1]!)), `rising fractions within (0, 1]: ${JSON.stringify(seen)}`)
  const lastWordEnd = Math.max(...result.utterances.map((u) => u.end_ms))
  assert.ok(seen[seen.length - 1]! >= lastWordEnd / result.durationMs, `the last report (${seen[seen.length - 1]}) reaches the last word (${lastWordEnd} of ${result.durationMs} ms)`)
})

sphinx('keyword mode spots known words where they were said', async (ctx) => {
  const keywords = ['hello', 'meeting', 'budget', 'project']
  const result = await right(createPocketsphinxTranscriber({ keywords }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  const found = result.utterances.map((u) => u.text)
  assert.ok(found.length >= 2, `spotted ${JSON.stringify(found)}`)
  for (const u of result.utterances) {
    assert.ok(keywords.includes(u.text), `only keywords are reported, got '${u.text}'`)
    assert.ok(u.end_ms > u.start_ms && u.end_ms <= result.durationMs, JSON.stringify(u))
    const sayer = ctx.turns.find((turn) => turn.text.toLowerCase().includes(u.text))!
    assert.ok(within(u, sayer), `'${u.text}' at ${u.start_ms}-${u.end_ms} ms lies in the turn that says it`)
  }
})

sphinx('a keyword missing from the dictionary is named', async (ctx) => {
  const f = await left(createPocketsphinxTranscriber({ keywords: ['meeting', 'flibbertyjib'] }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.match(f.message, /^a keyword cannot be spotted: .*'flibbertyjib'.*missing in the dictionary/)
})

sphinx('a recogniser that runs too long is killed at the time limit', async (ctx) => {
  const f = await left(createPocketsphinxTranscriber({ timeoutMs: 50 }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(f.message, 'speech recognition took longer than 50 ms and was stopped')
})

sphinx('a missing binary, a bad model folder and a non-audio file are each explained', async (ctx) => {
  const missing = await left(createPocketsphinxTranscriber({ binary: join(ctx.dir, 'no-sphinx') }).transcribe({ path: ctx.audio, defaultSpeaker: 'R' }))
  assert.match(missing.message, /no-sphinx is not installed \(Debian: apt-get install pocketsphinx pocketsphinx-en-us\)/)
  const model = await left(createPocketsphinxTranscriber({ hmm: join(ctx.dir, 'no-model') }).transcribe({ path: ctx.audio, defaultSpeaker: 'R' }))
  assert.match(model.message, /^speech recognition failed: .*no-model.*mdef/)
  const notes = join(ctx.dir, 'notes.wav')
  await writeFile(notes, 'just text')
  const notAudio = await left(createPocketsphinxTranscriber().transcribe({ path: notes, defaultSpeaker: 'R' }))
  assert.is(notAudio.message, 'the file is not audio Notetaker can read (it is text)')
})

sphinx.run()
