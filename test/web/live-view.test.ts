import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { applyLive, EMPTY_LIVE, endWords, type LiveMessage, type LiveView } from '../../web/components/live/live-view.js'

const at = '2026-06-01T12:00:00.000Z'
const fold = (messages: ReadonlyArray<LiveMessage>, from: LiveView = EMPTY_LIVE) => messages.reduce(applyLive, from)

const MEETING: LiveMessage[] = [
  { kind: 'state', data: { seq: 1, at, state: 'joining' } },
  { kind: 'state', data: { seq: 2, at, state: 'recording' } },
  { kind: 'speaker', data: { seq: 3, at, name: 'Alice Martin', offsetMs: 500 } },
  { kind: 'partial', data: { seq: 4, at, speaker: 'Alice Martin', text: 'Morning everyone, let', startMs: 500, final: false } },
  { kind: 'partial', data: { seq: 5, at, speaker: 'Alice Martin', text: "Morning everyone, let's get", startMs: 500, final: false } },
  { kind: 'utterance', data: { seq: 6, at, speaker: 'Alice Martin', text: "Morning everyone, let's get started.", startMs: 500, endMs: 3300, final: true } },
  // seq 7 was a leave request, for the bot alone: ids may skip one.
  { kind: 'utterance', data: { seq: 8, at, speaker: 'Bob Chen', text: 'Thanks Alice.', startMs: 3800, endMs: 4800, final: true } },
]

test('a partial line is replaced as it grows, then by its finished line; speaker and state follow the stream', () => {
  const growing = fold(MEETING.slice(0, 5))
  assert.is(growing.partial?.text, "Morning everyone, let's get")
  assert.equal(growing.lines, [])
  assert.is(growing.speaker, 'Alice Martin')
  assert.is(growing.state, 'recording')
  const done = fold(MEETING)
  assert.is(done.partial, null, 'the finished line takes its preview away')
  assert.equal(
    done.lines.map((l) => [l.seq, l.speaker, l.text, l.startMs]),
    [
      [6, 'Alice Martin', "Morning everyone, let's get started.", 500],
      [8, 'Bob Chen', 'Thanks Alice.', 3800],
    ],
  )
  assert.is(done.lastSeq, 8)
})

test('events seen already (a replay after reconnecting, or a whole new connection) change nothing: no line twice', () => {
  const seen = fold(MEETING)
  assert.equal(fold(MEETING.slice(3), seen), seen, 'a replay from Last-Event-ID 3')
  assert.equal(fold(MEETING, seen), seen, 'a new connection replays the whole buffer')
  const resumed = fold([...MEETING.slice(4), { kind: 'utterance', data: { seq: 9, at, speaker: 'Alice Martin', text: 'Right.', startMs: 5000, endMs: 5400, final: true } }], seen)
  assert.equal(
    resumed.lines.map((l) => l.seq),
    [6, 8, 9],
    'what is new after a replay is taken in',
  )
})

test('a preview of a later line stays when an earlier line finishes (overlapping captions)', () => {
  const view = fold([
    { kind: 'partial', data: { seq: 1, at, speaker: 'Bob Chen', text: 'I think we', startMs: 4000 } },
    { kind: 'utterance', data: { seq: 2, at, speaker: 'Alice Martin', text: 'Thanks.', startMs: 3000, endMs: 3800 } },
  ])
  assert.is(view.partial?.text, 'I think we')
})

test('the end takes the preview away and says why in words; a malformed event is left out', () => {
  const ended = fold([...MEETING.slice(0, 5), { kind: 'end', data: { seq: 6, at, outcome: 'left', reason: 'meeting_ended', detail: 'The meeting ended.' } }])
  assert.is(ended.partial, null)
  assert.is(ended.speaker, null)
  assert.is(endWords(ended.end!), 'The bot left the meeting. The meeting ended.')
  assert.is(endWords({ outcome: 'failed', reason: 'denied', detail: 'The host refused to let the bot in.' }), 'The bot failed. The host refused to let the bot in.')
  assert.equal(fold([{ kind: 'utterance', data: 'not an object' }]), EMPTY_LIVE)
  assert.equal(fold([{ kind: 'utterance', data: { speaker: 'A', text: 'no seq' } }]), EMPTY_LIVE)
})

test.run()
