import { rmSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { json, StandInServer } from '../adapters/speech/transcribe-openai/stand-in-server.js'
import { silentWav } from '../http/share-world.js'
import { cli, serve, tempDir } from '../support/cli.js'

// What the stand-in transcription server hears in the recording.
const SPOKEN = [
  'Good morning everyone, this is the quarterly planning meeting for the new office.',
  'The budget for the new office is ready and the landlord accepted our offer on the lease.',
  'Tom will send the revised budget numbers to the finance team by Friday.',
  'We agreed to hire two more engineers for the mobile team next quarter.',
  'Priya will book the movers and check the network installation dates next week.',
  'The main risk is the delivery of the office furniture, which may slip by a month.',
]

test('the organization story: members and an invite through the CLI, then a recording shared at summary scope and revoked', async () => {
  const dir = tempDir('org-story')
  const transcriber = new StandInServer()
  transcriber.reply = (res) => json(res, 200, { text: SPOKEN.join(' '), segments: SPOKEN.map((text, i) => ({ start: i * 1.5, end: i * 1.5 + 1.4, text })) })
  const env = { DATA_DIR: dir, NOTETAKER_TRANSCRIBER: 'openai', NOTETAKER_TRANSCRIBER_URL: await transcriber.start() }
  const ok = (...args: string[]) => {
    const r = cli(args, env)
    assert.is(r.code, 0, `${args.join(' ')}: ${r.stderr}`)
    return r.stdout.trim()
  }
  const keyOf = (...args: string[]) => JSON.parse(ok('keys', 'create', '--json', '--account', ...args)).key as string
  const server = await serve(env).catch((e) => (rmSync(dir, { recursive: true, force: true }), Promise.reject(e)))
  const api = async (method: string, path: string, key: string, body?: unknown) => {
    const r = await fetch(`${server.url}/ext/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const isJson = r.headers.get('content-type')?.includes('json') === true
    return { status: r.status, body: isJson ? ((await r.json()) as any) : await r.arrayBuffer() }
  }
  try {
    // An organization with two members, through the CLI.
    const ada = JSON.parse(ok('accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com', '--organization', 'Acme', '--json'))
    ok('accounts', 'create', '--name', 'Bob', '--email', 'bob@example.com')
    ok('organizations', 'add-member', '--organization', ada.organizationId, '--account', 'bob@example.com', '--role', 'member')
    const orgKey = keyOf('ada@example.com', '--org-wide', '--readonly')

    // A third person is invited by email; an organization-wide key sees the invite, then the member.
    ok('accounts', 'create', '--name', 'Cy', '--email', 'cy@example.com')
    const token = ok('organizations', 'invite', '--organization', ada.organizationId, '--email', 'cy@example.com', '--role', 'member').split('\n').at(-1)!
    const pending = await api('GET', '/organization/invites', orgKey)
    assert.equal(pending.body.data.rows.map((i: any) => [i.email, i.role, i.status]), [['cy@example.com', 'member', 'pending']])
    assert.match(ok('organizations', 'accept', '--token', token, '--account', 'cy@example.com'), /joined organization .* as member/)
    const members = await api('GET', '/organization/members', orgKey)
    assert.equal(members.body.data.rows.map((m: any) => [m.email, m.role]), [['ada@example.com', 'owner'], ['bob@example.com', 'member'], ['cy@example.com', 'member']])
    assert.equal((await api('GET', '/organization/invites', orgKey)).body.data, { rows: [], total: 0, limit: 0, offset: 0 }, 'the accepted invite is used up')

    // Ada records a meeting (an uploaded audio file, transcribed by the stand-in server).
    const adaKey = keyOf('ada@example.com')
    const cyKey = keyOf('cy@example.com')
    const wav = silentWav(10)
    const created = await api('POST', '/uploads', adaKey, { filename: 'planning.wav', title: 'Office planning', byteSize: wav.length })
    const runId = created.body.data.runId as string
    const sent = await fetch(`${server.url}/ext/v1/uploads/${created.body.data.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${adaKey}` }, body: new Uint8Array(wav) })
    assert.is(sent.status, 200)
    let stage = ''
    for (let i = 0; i < 240 && !['ready', 'failed'].includes(stage); i++) {
      await new Promise((r) => setTimeout(r, 250))
      stage = (await api('GET', `/uploads/${created.body.data.id}`, adaKey)).body.data.stage
    }
    assert.is(stage, 'ready')
    assert.is((await api('GET', `/recordings/${runId}/audio`, adaKey)).status, 200, 'the owner hears it')

    // Shared at summary scope with Cy: the notes, not the transcript or the audio.
    const shared = await api('POST', `/recordings/${runId}/shares`, adaKey, { email: 'cy@example.com', scope: 'summary' })
    assert.is(shared.status, 201)
    const listed = (await api('GET', '/recordings', cyKey)).body.data
    assert.equal(listed.rows.map((r: any) => [r.runId, r.title, r.owned, r.scope, r.sharedBy]), [[runId, 'Office planning', false, 'summary', { id: ada.id, name: 'Ada', email: 'ada@example.com' }]])
    const detail = (await api('GET', `/recordings/${runId}?include=transcript`, cyKey)).body.data
    assert.ok(detail.shortSummary.length > 0 && detail.detailedSummary.length > 0, 'Cy reads the summary')
    assert.ok(detail.actionItems.some((a: any) => /budget/i.test(a.title)), JSON.stringify(detail.actionItems))
    assert.is(detail.transcript, undefined)
    assert.equal((await api('GET', `/recordings/${runId}/transcript`, cyKey)).body.data, { rows: [], total: 0, limit: 25, offset: 0, scope: 'summary' })
    assert.is((await api('GET', `/recordings/${runId}/audio`, cyKey)).status, 404)
    assert.ok((await api('GET', `/recordings/${runId}/transcript`, adaKey)).body.data.total >= SPOKEN.length, 'Ada still has the transcript')

    // Revoked: gone for Cy at once, although the server keeps keys and accounts in memory for a few seconds.
    assert.is((await api('DELETE', `/recordings/${runId}/shares/${shared.body.data.id}`, adaKey)).status, 200)
    assert.equal((await api('GET', '/recordings', cyKey)).body.data.total, 0)
    for (const path of [`/recordings/${runId}`, `/recordings/${runId}/transcript`, `/recordings/${runId}/audio`]) {
      assert.is((await api('GET', path, cyKey)).status, 404, path)
    }
  } finally {
    await server.stop()
    await transcriber.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
