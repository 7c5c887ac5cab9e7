import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { attributeSpeakers, audioExtension, isSpeakerTurn, readJsonLines } from '../../../src/core/domain/recordings/bot-recording.js'

const u = (start_ms: number, end_ms: number, speaker = 'Speaker 1') => ({ start_ms, end_ms, speaker, text: 'words' })

test('each utterance goes to the person who was the active speaker for most of it', () => {
  const turns = [{ offsetMs: 1000, name: 'Ada' }, { offsetMs: 5000, name: 'Bob' }, { offsetMs: 9000, name: 'Ada' }]
  const named = attributeSpeakers([u(0, 800), u(1200, 4800), u(4500, 8000), u(7000, 9600), u(9500, 12000)], turns)
  assert.equal(named.map((x) => x.speaker), ['Speaker 1', 'Ada', 'Bob', 'Bob', 'Ada'])
})

test('without turns, utterances keep their speakers; turns given out of order still work', () => {
  assert.equal(attributeSpeakers([u(0, 1000, 'Sam')], []), [u(0, 1000, 'Sam')])
  assert.equal(attributeSpeakers([u(0, 1000)], [{ offsetMs: 500, name: 'Bob' }, { offsetMs: 0, name: 'Ada' }]).map((x) => x.speaker), ['Ada'])
})

test('JSON lines: a torn last line (a process died mid-append) and foreign lines are skipped', () => {
  const text = '{"offsetMs":0,"name":"Ada"}\n{"offsetMs":"x","name":"Bob"}\n\n{"offsetMs":900,"name":"Bob"}\n{"offsetMs":12'
  assert.equal(readJsonLines(text, isSpeakerTurn), [{ offsetMs: 0, name: 'Ada' }, { offsetMs: 900, name: 'Bob' }])
})

test('audio types map to the extensions processing reads, codec parameters ignored', () => {
  assert.equal(['audio/webm;codecs=opus', 'audio/wav', 'AUDIO/OGG', 'audio/x-unknown'].map(audioExtension), ['webm', 'wav', 'ogg', 'bin'])
})

test.run()
