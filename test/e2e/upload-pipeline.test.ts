import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { serve, tempDir } from '../support/cli.js'
import { speakDialogue } from '../support/speech.js'

const firstKey = (output: string[]) => output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined)!

test('a .wav upload on SQLite with the offline transcriber: killed mid-processing, the restarted server finishes the job', async () => {
  const dir = tempDir('pipeline')
  const env = { DATA_DIR: dir, NOTETAKER_TRANSCRIBER: 'pocketsphinx', NOTETAKER_JOB_LEASE_SECONDS: '2' }
  try {
    const wavPath = join(dir, 'meeting.wav')
    await speakDialogue(
      [
        { speaker: 'Ann', text: 'Good morning. The budget for the new office is ready for review.' },
        { speaker: 'Ben', text: 'Thank you. I will check the numbers and send my notes on Friday.', voice: 'en-us+m3' },
      ],
      wavPath,
    )
    const wav = readFileSync(wavPath)
    const first = await serve(env)
    const key = firstKey(first.output)
    const auth = { authorization: `Bearer ${key}` }
    const created = await fetch(`${first.url}/ext/v1/uploads`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ filename: 'meeting.wav', byteSize: wav.length }),
    }).then((r) => r.json())
    const upload = created.data
    const sent = await fetch(`${first.url}/ext/v1/uploads/${upload.id}/content`, { method: 'PUT', headers: auth, body: wav })
    assert.is(sent.status, 200)
    await first.kill()

    const db = new Database(join(dir, 'notetaker.db'), { readonly: true })
    const stateAtKill = db.prepare('SELECT state FROM runs WHERE id = ?').pluck().get(upload.runId)
    db.close()
    assert.ok(['stored', 'transcribing'].includes(stateAtKill as string), `processing was interrupted (state ${stateAtKill})`)

    const second = await serve(env)
    try {
      let u: any
      for (let i = 0; i < 240; i++) {
        u = (await fetch(`${second.url}/ext/v1/uploads/${upload.id}`, { headers: auth }).then((r) => r.json())).data
        if (u.stage === 'ready' || u.stage === 'failed') break
        await new Promise((r) => setTimeout(r, 500))
      }
      assert.is(u.stage, 'ready', JSON.stringify(u))
      assert.ok(Math.abs(u.durationMs - 9000) < 6000, `duration ${u.durationMs}`)
      const transcript = (await fetch(`${second.url}/ext/v1/recordings/${upload.runId}/transcript`, { headers: auth }).then((r) => r.json())).data
      assert.ok(transcript.total > 0, 'speech became utterances')
      for (const row of transcript.rows) assert.ok(row.start_ms <= row.end_ms && row.end_ms <= u.durationMs + 500)
      const ranged = await fetch(`${second.url}/ext/v1/recordings/${upload.runId}/audio`, { headers: { ...auth, range: 'bytes=0-43' } })
      assert.is(ranged.status, 206)
      assert.is(Buffer.from(await ranged.arrayBuffer()).subarray(0, 4).toString(), 'RIFF')
    } finally {
      await second.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
