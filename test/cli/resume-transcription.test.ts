/**
 * A restart in the middle of a file, as an operator lives it: `notetaker serve` is killed
 * (SIGKILL, no goodbye) while it transcribes a long upload, and the next start carries on
 * after the windows it had finished instead of starting over. PocketSphinx is the engine, run
 * through a stand-in on PATH that notes each window it is given and, in the first process
 * only, hangs on the third window onwards so the kill lands mid-file.
 */
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'
import { firstKey, serve, tempDir, waitFor } from '../support/cli.js'
import { speakDialogue } from '../support/speech.js'

const REAL_BINARY = '/usr/bin/pocketsphinx_continuous'

/** `pocketsphinx_continuous` for PATH: appends "<run> <window file>" to `calls`; in run `first`, windows from the third on hang. */
const standIn = async (dir: string, calls: string) => {
  const bin = join(dir, 'bin')
  await mkdir(bin)
  const script = join(bin, 'pocketsphinx_continuous')
  await writeFile(
    script,
    [
      '#!/bin/sh',
      `for a in "$@"; do case "$a" in *.wav) echo "$NT_TEST_RUN $(basename "$a")" >> '${calls}';; esac; done`,
      'case "$NT_TEST_RUN $*" in first*window-0000[2-9]*) sleep 20; exit 9;; esac',
      `exec ${REAL_BINARY} "$@"`,
      '',
    ].join('\n'),
  )
  await chmod(script, 0o755)
  return bin
}

const windowsIn = (lines: ReadonlyArray<string>, run: string) =>
  lines.filter((l) => l.startsWith(`${run} `)).map((l) => l.slice(run.length + 1)).sort()

test('killed mid-file, the next start resumes after the finished windows; each window is recognised once', async () => {
  const dir = tempDir('resume-transcription')
  const audio = join(dir, 'meeting.wav')
  await speakDialogue(
    [
      { speaker: 'A', text: 'Hello everyone. Welcome to the planning meeting.' },
      { speaker: 'B', text: 'Thank you. Let us talk about the budget.' },
      { speaker: 'A', text: 'The project is going well this month.' },
      { speaker: 'B', text: 'Good. We will meet again next week.' },
      { speaker: 'A', text: 'Thank you all. Goodbye.' },
    ],
    audio,
    { gapMs: 1500 },
  )
  const calls = join(dir, 'calls.txt')
  const bin = await standIn(dir, calls)
  const env = {
    DATA_DIR: join(dir, 'data'),
    PATH: `${bin}:${process.env['PATH'] ?? ''}`,
    NOTETAKER_TRANSCRIBER: 'pocketsphinx',
    NOTETAKER_TRANSCRIBE_WINDOW_SECONDS: '5',
    // A job whose process died is taken over once its lease runs out.
    NOTETAKER_JOB_LEASE_SECONDS: '2',
  }
  const lines = async () => (await readFile(calls, 'utf8').catch(() => '')).split('\n').filter((l) => l !== '')

  const first = await serve({ ...env, NT_TEST_RUN: 'first' })
  const key = firstKey(first.output)
  const api = (url: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } })
  const bytes = await readFile(audio)
  const upload = (await (await api(first.url, '/uploads', { method: 'POST', body: JSON.stringify({ filename: 'meeting.wav', byteSize: bytes.length }) })).json()).data
  const sent = await api(first.url, `/uploads/${upload.id}/content`, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'audio/wav' } })
  assert.is(sent.status, 200)

  // Killed once the two first windows are kept and the third hangs.
  const kept = join(dir, 'data', 'files', 'processing')
  /** The windows the fs blob store keeps for the upload (DATA_DIR/files/processing/<account>/<run>/windows.json). */
  const checkpoint = async (): Promise<Array<{ utterances: Utterance[] }>> => {
    for (const account of await readdir(kept).catch(() => [] as string[])) {
      const text = await readFile(join(kept, account, upload.runId, 'windows.json'), 'utf8').catch(() => null)
      if (text !== null) return (JSON.parse(text) as { windows: Array<{ utterances: Utterance[] }> }).windows
    }
    return []
  }
  const [saved] = await waitFor(
    'two windows kept and the third started',
    async () => [await checkpoint(), windowsIn(await lines(), 'first')] as const,
    ([windows, started]) => windows.length === 2 && started.includes('window-00002.wav'),
    60,
  )
  const progress = (await (await api(first.url, `/uploads/${upload.id}`)).json()).data
  assert.equal([progress.stage, progress.progress.stage], ['transcribing', 'transcribing'])
  assert.ok(progress.progress.fraction > 0 && progress.progress.fraction < 1, `part of the file is done: ${JSON.stringify(progress.progress)}`)
  await first.kill()

  const second = await serve({ ...env, NT_TEST_RUN: 'second' })
  try {
    const done = await waitFor(
      'the upload, processed after the restart',
      async () => (await (await api(second.url, `/uploads/${upload.id}`)).json()).data,
      (u) => u.stage === 'ready' || u.stage === 'failed',
      120,
    )
    assert.is(done.stage, 'ready', JSON.stringify(done))
    const again = windowsIn(await lines(), 'second')
    assert.ok(!again.includes('window-00000.wav') && !again.includes('window-00001.wav'), `the kept windows were not recognised again: ${again}`)
    assert.ok(again.includes('window-00002.wav'), `the window cut off was: ${again}`)
    const transcript = (await (await api(second.url, `/recordings/${upload.runId}/transcript`)).json()).data
    const rows: Utterance[] = transcript.rows
    const before = saved.flatMap((w) => w.utterances)
    assert.ok(before.length > 0, 'the first windows heard something')
    for (const u of before) assert.ok(rows.some((r) => r.start_ms === u.start_ms && r.text === u.text), `kept from before the restart: ${JSON.stringify(u)}`)
    assert.ok(rows.some((r) => r.start_ms > Math.max(...before.map((u) => u.end_ms))), 'and words recognised after it')
    assert.equal(await checkpoint(), [], 'the kept windows are dropped once the transcript is stored')
    assert.ok(second.output.some((l) => l.includes('speech to text: pocketsphinx')), second.output.join('\n'))
  } finally {
    await second.stop()
  }
})

test.run()
