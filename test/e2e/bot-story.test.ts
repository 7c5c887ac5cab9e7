import { rmSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { firstKey, serve, tempDir, waitFor } from '../support/cli.js'

const MEET = 'https://meet.google.com/abc-defg-hij'

// The story as a new user, on SQLite, with the simulated bot speaking through espeak-ng at 20x real time.
test('a bot on demand, and a meeting two minutes ahead recorded without another call', async () => {
  const dir = tempDir('bot-story')
  const server = await serve({
    DATA_DIR: dir, NOTETAKER_BOT: 'simulated', NOTETAKER_SIMULATED_SPEED: '20', NOTETAKER_TRANSCRIBER: 'pocketsphinx',
    NOTETAKER_ENGINE_TICK_SECONDS: '1', NOTETAKER_BOT_JOIN_LEAD_SECONDS: '120',
  })
  try {
    const key = firstKey(server.output)
    const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const r = await fetch(`${server.url}/ext/v1${path}`, {
        method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: r.status, body: r.headers.get('content-type')?.includes('json') ? await r.json() : await r.arrayBuffer(), headers: r.headers }
    }

    const sent = await api('POST', '/bots', { joinUrl: MEET, title: 'Launch planning' }, { 'idempotency-key': 'story-1' })
    assert.is(sent.status, 201)
    const again = await api('POST', '/bots', { joinUrl: MEET, title: 'Launch planning' }, { 'idempotency-key': 'story-1' })
    assert.equal([again.status, again.body.data.runId], [201, sent.body.data.runId], 'the same call returns the same run')
    const second = await api('POST', '/bots', { joinUrl: 'https://zoom.us/j/1234567890' })
    assert.is(second.status, 409, 'a second bot while the first is live')

    const runId = sent.body.data.runId
    const seen = new Set<string>()
    const done = await waitFor('the bot recording', async () => {
      const r = (await api('GET', `/recordings/${runId}?include=transcript`)).body.data
      seen.add(r.state)
      return r
    }, (r) => r.state === 'ready' || r.state === 'failed')
    assert.is(done.state, 'ready', done.detail)
    for (const state of ['recording', 'ready']) assert.ok(seen.has(state), `passed through ${state}: ${[...seen]}`)
    assert.equal([...new Set(done.transcript.map((u: { speaker: string }) => u.speaker))].sort(), ['Alice Martin', 'Bob Chen'])
    assert.ok(done.actionItems.length > 0 && done.shortSummary !== '')
    assert.ok(done.joinedAt !== null && done.waitedSeconds === 3 && done.recordingSeconds > 20)
    const audio = await api('GET', `/recordings/${runId}/audio`, undefined, { range: 'bytes=0-43' })
    assert.equal([audio.status, audio.headers.get('content-type'), (audio.body as ArrayBuffer).byteLength], [206, 'audio/wav', 44])
    assert.is(Buffer.from(audio.body as ArrayBuffer).toString('ascii', 0, 4), 'RIFF', 'the audio is the meeting as heard, a WAV file')

    const startsAt = new Date(Date.now() + 120_000).toISOString()
    const meeting = (await api('POST', '/meetings', { title: 'Design review', link: 'https://meet.google.com/xyz-abcd-efg', startsAt })).body.data
    const recorded = await waitFor('the scheduled meeting', async () => {
      const rows = (await api('GET', '/recordings?limit=100')).body.data.rows
      return rows.find((r: { meetingId: string | null }) => r.meetingId === meeting.id) ?? null
    }, (r) => r !== null && (r.state === 'ready' || r.state === 'failed' || r.state === 'skipped'))
    assert.equal([recorded.state, recorded.origin], ['ready', 'calendar'])
    assert.ok(server.output.some((l) => l.includes('was admitted to \\"Design review\\" and is recording')), 'the log says what the bot did')
    assert.is(await server.stop(), 0)
  } finally {
    await server.stop().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
