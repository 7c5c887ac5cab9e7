/**
 * SIGTERM stops each process kind gracefully: an API process finishes the
 * requests in flight; a bot in a meeting leaves and keeps what it recorded,
 * which is processed once a worker runs again.
 */
import { rmSync } from 'node:fs'
import { request } from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { firstKey, serve, tempDir, waitFor } from '../support/cli.js'

test('API: a request in flight when SIGTERM arrives is finished and answered, then the process exits 0', async () => {
  const dir = tempDir('drain')
  const server = await serve({ DATA_DIR: dir })
  try {
    const key = firstKey(server.output)
    const body = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>We ship on Friday.\n')
    const upload = await (await fetch(`${server.url}/ext/v1/uploads`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ filename: 'a.vtt', byteSize: body.length }),
    })).json()
    // Half the file is sent, then SIGTERM, then the rest: the answer still comes.
    let stopped: Promise<number | null> = Promise.resolve(null)
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/ext/v1/uploads/${upload.data.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-length': body.length } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write(body.subarray(0, 20))
      setTimeout(() => {
        stopped = server.stop()
        setTimeout(() => req.end(body.subarray(20)), 300)
      }, 300)
    })
    assert.is(await answered, 200)
    assert.is(await stopped, 0, 'exits cleanly')
    assert.ok(server.output.some((l) => l.includes('"msg":"received SIGTERM, finishing in-flight requests"')))
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a bot in a meeting at SIGTERM leaves and keeps what it recorded; the next start processes it', async () => {
  const dir = tempDir('bot-stop')
  const env = { DATA_DIR: dir, NOTETAKER_BOT: 'simulated', NOTETAKER_SIMULATED_SPEED: '1', NOTETAKER_TRANSCRIBER: 'pocketsphinx' }
  const first = await serve(env)
  const key = firstKey(first.output)
  let runId = ''
  try {
    const sent = await (await fetch(`${first.url}/ext/v1/bots`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ joinUrl: 'https://meet.google.com/abc-defg-hij' }),
    })).json()
    runId = sent.data.runId
    const recording = (url: string) => fetch(`${url}/ext/v1/recordings/${runId}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json()).then((b) => b.data)
    await waitFor('the bot recording', () => recording(first.url), (r) => r.state === 'recording')
    await new Promise((r) => setTimeout(r, 3_000))
    assert.is(await first.stop(), 0, 'exits cleanly')
    assert.ok(first.output.some((l) => l.includes('asking the bots in meetings to leave')), first.output.join('\n'))
    const second = await serve(env)
    try {
      const done = await waitFor('the recording after the restart', () => recording(second.url), (r) => r.state === 'ready' || r.state === 'failed')
      assert.is(done.state, 'ready', done.detail)
      assert.ok(done.recordingSeconds >= 1 && done.recordingSeconds < 60, `kept what was recorded before the stop: ${done.recordingSeconds} s`)
      assert.ok(done.hasNotes)
    } finally {
      await second.stop()
    }
  } finally {
    await first.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
