import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../support/cli.js'
import { startHarness, type Harness } from '../support/http.js'

const planning = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))
const hiring = Buffer.from(`WEBVTT

00:00:00.000 --> 00:00:05.000
<v Ana Silva>Let's go through the candidates for the designer role.

00:00:05.500 --> 00:00:11.000
<v Ben Okafor>The second candidate had a strong portfolio and good references.

00:00:11.500 --> 00:00:16.000
<v Ana Silva>Ben, please schedule a final interview with her next Tuesday.
`)

/** Uploads a transcript through the API and processes it; answers the run id. */
const upload = async (h: Harness, title: string, body: Buffer, startsAt: string) => {
  const created = await h.request('POST', '/uploads', { body: { filename: `${title}.vtt`, title, byteSize: body.length, startsAt } })
  assert.is(created.status, 201)
  const sent = await fetch(`${h.url}/ext/v1/uploads/${created.body.data.id}/content`, {
    method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(body),
  })
  assert.is(sent.status, 200)
  await h.worker.drain()
  return created.body.data.runId as string
}

const s = suite<{ h: Harness; launch: string; hire: string }>('recordings: search and filters')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.launch = await upload(ctx.h, 'Launch planning', planning, '2026-06-01T09:00:00Z')
  ctx.hire = await upload(ctx.h, 'Hiring sync', hiring, '2026-06-03T09:00:00Z')
})
s.after.each(async ({ h }) => h.close())

s('a word said in one meeting finds it first, with the utterance to seek to', async ({ h, launch }) => {
  const r = await h.request('GET', '/recordings?q=Crashes')
  assert.is(r.status, 200)
  assert.is(r.body.data.total, 1)
  const row = r.body.data.rows[0]
  assert.is(row.runId, launch)
  assert.equal([row.match.field, row.match.atMs, row.match.speaker], ['transcript', 6_500, 'Tom Becker'])
  const marked = row.match.highlights.map((x: { start: number; end: number }) => row.match.snippet.slice(x.start, x.end))
  assert.equal(marked, ['crashes'])
  const candidate = (await h.request('GET', '/recordings?q=candidates%20portfolio')).body.data
  // Said in two utterances: the recording holds every word; the match is the first utterance holding one.
  assert.equal(candidate.rows.map((x: any) => [x.runId === launch ? 'launch' : 'hire', x.match.atMs]), [['hire', 0]], 'every word, in the recording, stemmed')
  assert.is((await h.request('GET', '/recordings?q=portfolio%20crashes')).body.data.total, 0, 'words of two recordings find neither')
  const plain = (await h.request('GET', '/recordings')).body.data
  assert.equal(plain.rows.map((x: any) => x.match), [null, null], 'no match without q')
})

s('filters narrow the list and combine with q; /bots takes them too', async ({ h, launch, hire }) => {
  const ids = async (query: string, path = '/recordings') => {
    const r = await h.request('GET', `${path}?${query}`)
    assert.is(r.status, 200, JSON.stringify(r.body))
    return r.body.data.rows.map((x: any) => x.runId)
  }
  assert.equal(await ids('from=2026-06-02T00:00:00Z'), [hire])
  assert.equal(await ids('to=2026-06-02'), [launch])
  assert.equal(await ids('from=2026-06-01T09:00:00Z&to=2026-06-03T09:00:00Z'), [launch], 'from inclusive, to exclusive')
  assert.equal(await ids('origin=upload&state=ready&phase=done&owned=mine'), [hire, launch])
  assert.equal(await ids('origin=manual,calendar'), [])
  assert.equal(await ids('owned=shared'), [])
  assert.equal(await ids('state=ready&phase=pending'), [], 'state and phase must both hold')
  assert.equal(await ids('q=budget&from=2026-06-02T00:00:00Z'), [])
  assert.equal(await ids('q=budget&origin=upload', '/bots'), [launch])
  const page = (await h.request('GET', '/recordings?phase=done&limit=1&offset=1')).body.data
  assert.equal([page.rows.length, page.total], [1, 2])
})

s('bad filters are 422 naming the parameter', async ({ h }) => {
  const cases: Array<[string, string]> = [
    ['state=bogus', 'state'],
    ['phase=finished', 'phase'],
    ['origin=email', 'origin'],
    ['owned=everyone', 'owned'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['from=2026-06-03T00:00:00Z&to=2026-06-01T00:00:00Z', 'to'],
    ['q=%20%20', 'q'],
    ['q=the%20and', 'q'],
    [`q=${'word '.repeat(41)}`, 'q'],
  ]
  for (const [query, path] of cases) {
    for (const route of ['/recordings', '/bots']) {
      const r = await h.request('GET', `${route}?${query}`)
      assert.is(r.status, 422, `${route}?${query}: ${JSON.stringify(r.body)}`)
      assert.is(r.body.error.code, 'VALIDATION_ERROR')
      assert.ok(r.body.error.details.some((d: { path: string }) => d.path === path), `${query}: ${JSON.stringify(r.body.error.details)}`)
    }
  }
})

s('another account finds nothing of this one', async ({ h }) => {
  const r = await h.request('GET', '/recordings?q=crashes', { key: h.keys.other })
  assert.equal([r.status, r.body.data.total], [200, 0])
})

s.run()
