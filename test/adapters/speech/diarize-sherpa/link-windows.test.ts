/**
 * Linking windows diarized on their own into the recording's speakers, with given voice prints:
 * the tiny test models' prints say little about a voice, so the clustering is proven here on
 * prints whose distances are known.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clusterVoices, linkWindows, type SpeakerTurn, type WindowSpeakers } from '../../../../adapters/speech/diarize-sherpa/index.js'

/** Two voices far apart (cosine distance 1), each print a little off its voice. */
const alice = (wobble = 0) => [1, wobble, 0]
const bob = (wobble = 0) => [0, 1, wobble]
const carol = [0, 0, 1]
const options = { numSpeakers: -1, threshold: 0.5, joinGapMs: 500 }

const turn = (startMs: number, endMs: number, speaker: number): SpeakerTurn => ({ startMs, endMs, speaker })

test('two voices alternating across window edges keep their numbers, whichever order each window found them in', () => {
  const windows: WindowSpeakers[] = [
    // Window 1 heard Alice first (its 0), then Bob (its 1).
    { turns: [turn(0, 4000, 0), turn(4500, 9000, 1)], embeddings: [alice(0.1), bob(0.1)] },
    // Window 2 heard Bob first: its 0 is Bob.
    { turns: [turn(10_000, 14_000, 0), turn(15_000, 19_000, 1)], embeddings: [bob(-0.1), alice(0.2)] },
    // Window 3 heard only Alice.
    { turns: [turn(20_000, 25_000, 0)], embeddings: [alice(-0.2)] },
  ]
  assert.equal(linkWindows(windows, options), [turn(0, 4000, 0), turn(4500, 9000, 1), turn(10_000, 14_000, 1), turn(15_000, 19_000, 0), turn(20_000, 25_000, 0)])
})

test('a voice first heard in a later window gets the next number; numbers follow first speech', () => {
  const windows: WindowSpeakers[] = [
    { turns: [turn(0, 5000, 0)], embeddings: [bob()] },
    { turns: [turn(6000, 8000, 1), turn(8500, 9000, 0)], embeddings: [carol, bob(0.1)] },
  ]
  // The second window's 1 is Bob again (speaking on at 6 s), its 0 is Carol, new at 8.5 s.
  assert.equal(linkWindows(windows, options), [turn(0, 5000, 0), turn(6000, 8000, 0), turn(8500, 9000, 1)])
})

test('one turn cut in two by a window edge in a pause is one turn again; a longer pause stays a gap', () => {
  const windows: WindowSpeakers[] = [
    { turns: [turn(0, 9800, 0)], embeddings: [alice()] },
    { turns: [turn(10_200, 15_000, 0), turn(16_000, 18_000, 0)], embeddings: [alice(0.05)] },
  ]
  assert.equal(linkWindows(windows, options), [turn(0, 15_000, 0), turn(16_000, 18_000, 0)])
})

test('one window is left exactly as it was diarized (the numbers are not reordered, nothing is joined)', () => {
  const turns = [turn(0, 1000, 1), turn(1200, 2000, 1), turn(3000, 4000, 0)]
  assert.equal(linkWindows([{ turns, embeddings: [] }], options), turns)
})

test('the threshold decides: voices nearer than it are one, farther are two (sherpa-onnx’s semantics: larger merges more)', () => {
  // cos(a, b) = 0.8: distance 0.2.
  const prints = [
    { window: 0, embedding: [1, 0] },
    { window: 1, embedding: [0.8, 0.6] },
  ]
  assert.equal(clusterVoices(prints, { numSpeakers: -1, threshold: 0.25 }), [0, 0])
  assert.equal(clusterVoices(prints, { numSpeakers: -1, threshold: 0.15 }), [0, 1])
})

test('complete linkage: a chain of near neighbours whose ends are far apart is not one voice', () => {
  // Each step 0.15 apart in distance, the ends ~0.55 apart.
  const angle = (deg: number) => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)]
  const prints = [0, 32, 64].map((deg, window) => ({ window, embedding: angle(deg) }))
  const labels = clusterVoices(prints, { numSpeakers: -1, threshold: 0.3 })
  assert.is(new Set(labels).size, 2, String(labels))
})

test('two speakers one window told apart are never merged under a threshold, however alike their prints', () => {
  const prints = [
    { window: 0, embedding: alice() },
    { window: 0, embedding: alice(0.01) },
  ]
  assert.equal(clusterVoices(prints, { numSpeakers: -1, threshold: 0.9 }), [0, 1])
})

test('a known number of speakers: clustered into exactly that many, the nearest first', () => {
  const prints = [
    { window: 0, embedding: alice() },
    { window: 0, embedding: bob() },
    { window: 1, embedding: alice(0.3) },
    { window: 1, embedding: carol },
    { window: 2, embedding: bob(0.2) },
  ]
  assert.equal(clusterVoices(prints, { numSpeakers: 3, threshold: 0.5 }), [0, 1, 0, 2, 1])
  // Forced below what the windows told apart: it still gives that many.
  assert.is(new Set(clusterVoices(prints, { numSpeakers: 1, threshold: 0.5 })).size, 1)
})

test('a speaker without a voice print (too little speech) stays a speaker of its own, its turns kept', () => {
  const windows: WindowSpeakers[] = [
    { turns: [turn(0, 5000, 0)], embeddings: [alice()] },
    { turns: [turn(6000, 6400, 0), turn(7000, 9000, 1)], embeddings: [null, alice(0.1)] },
  ]
  assert.equal(linkWindows(windows, options), [turn(0, 5000, 0), turn(6000, 6400, 1), turn(7000, 9000, 0)])
})

test.run()
