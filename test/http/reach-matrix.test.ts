import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { organizationWorld } from './organization-world.js'
import { audioRecording, silentWav, transcriptRecording, upload } from './share-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const KINDS = ['full', 'readonly', 'orgWide', 'orgWideReadonly'] as const
type Kind = (typeof KINDS)[number]
type Expected = readonly [full: number, readonly: number, orgWide: number, orgWideReadonly: number]

/** One request of a cell; `key` replaces the acting account's key of the kind when the route needs another account. */
interface Call {
  readonly path: string
  readonly body?: unknown
  readonly raw?: string
  readonly key?: string
}
/** A route of the table, with how to make a fresh target for each cell (a write that succeeds uses its target up). */
interface Row {
  readonly route: string
  readonly call: (kind: Kind) => Promise<Call> | Call
  readonly expected: Expected
}

const s = suite<{ h: Harness; w: World }>('HTTP: reach matrix, every kind of key against every organization and recording route')
s.before.each(async (ctx) => {
  // A large allowance: every cell that creates a recording counts against it.
  ctx.h = await startHarness({ ports: { plans: [{ key: 'free', paid: false, monthlyRecordings: 1000 }] } })
  ctx.w = await organizationWorld(ctx.h)
})
s.after.each(async ({ h }) => h.close())

const MEET = 'https://meet.google.com/abc-defg-hij'
const MATRIX_PATHS = /^\/(organization|recordings|uploads|bots)(\/|$)/

/** Every organization and recording route of the description, as `METHOD /path`. */
const documentedRoutes = (h: Harness) =>
  Object.entries<Record<string, unknown>>(h.openapi.paths)
    .filter(([path]) => MATRIX_PATHS.test(path))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()

const run = async (h: Harness, rows: ReadonlyArray<Row>, keys: Record<Kind, string>) => {
  const failures: string[] = []
  for (const row of rows) {
    const [method] = row.route.split(' ') as [string]
    const got: number[] = []
    for (const kind of KINDS) {
      // A bot of an earlier cell must have left before the next one is sent (one live bot per account).
      await h.worker.drain()
      const call = await row.call(kind)
      const headers: Record<string, string> = call.raw === undefined ? {} : { 'content-type': 'application/octet-stream' }
      const r = await h.request(method, call.path, {
        key: call.key ?? keys[kind],
        headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        ...(call.raw === undefined ? {} : { rawBody: call.raw }),
      })
      got.push(r.status)
    }
    if (got.join() !== row.expected.join()) failures.push(`${row.route}: expected ${row.expected.join(' ')} got ${got.join(' ')}`)
  }
  assert.equal(failures, [], failures.join('\n'))
}

s("the owner's keys: organization routes need an organization-wide key, writes a full one; recording routes take any key", async ({ h, w }) => {
  const keys = { full: h.keys.full, readonly: h.keys.readonly, orgWide: w.keys.owner, orgWideReadonly: w.keys.ownerReadonly }
  const notesRun = await transcriptRecording(h, h.keys.full)
  const audioRun = await audioRecording(h, h.keys.full)
  const anUpload = (await h.request('GET', '/uploads')).body.data.rows[0].id as string
  let n = 0
  const fresh = (what: string) => `${what}-${++n}@example.com`
  const newMember = async () => {
    const account = await w.account(`Member${++n}`)
    await right(h.core.organization.addMember({ organizationId: w.acme.id, account: account.id, role: 'member' }))
    return account.id
  }
  const keyOf = (accountId: string, kind: Kind) => w.key(accountId, kind.endsWith('eadonly') ? 'readonly' : 'full', kind.startsWith('orgWide'))
  const sendBot = async () => (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data.runId as string
  const calledOff = async () => {
    const runId = await sendBot()
    await h.request('POST', `/bots/${runId}/leave`)
    return runId
  }
  const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ada>Hello.\n'

  const rows: Row[] = [
    { route: 'GET /organization', call: () => ({ path: '/organization' }), expected: [403, 403, 200, 200] },
    { route: 'GET /organization/members', call: () => ({ path: '/organization/members' }), expected: [403, 403, 200, 200] },
    { route: 'PATCH /organization/members/{accountId}', call: async () => ({ path: `/organization/members/${await newMember()}`, body: { role: 'admin' } }), expected: [403, 403, 200, 403] },
    { route: 'DELETE /organization/members/{accountId}', call: async () => ({ path: `/organization/members/${await newMember()}` }), expected: [403, 403, 200, 403] },
    { route: 'GET /organization/invites', call: () => ({ path: '/organization/invites' }), expected: [403, 403, 200, 200] },
    { route: 'POST /organization/invites', call: () => ({ path: '/organization/invites', body: { email: fresh('invitee'), role: 'member' } }), expected: [403, 403, 201, 403] },
    {
      route: 'DELETE /organization/invites/{inviteId}',
      call: async () => {
        const invite = await right(h.core.organization.inviteAsOperator({ organizationId: w.acme.id, email: fresh('revoked'), role: 'member', invitedBy: null }))
        return { path: `/organization/invites/${invite.invite.id}` }
      },
      expected: [403, 403, 200, 403],
    },
    {
      // Accepting needs no reach (the account is in no organization yet): an invited account's key of each kind. Organization-wide
      // keys exist only while in an organization, so that account leaves Other first; its organization-wide key then reaches none.
      route: 'POST /organization/invites/accept',
      call: async (kind) => {
        const account = await w.account(`Joiner${++n}`)
        if (kind.startsWith('orgWide')) await right(h.core.organization.addMember({ organizationId: w.other.id, account: account.id, role: 'member' }))
        const key = await keyOf(account.id, kind)
        if (kind.startsWith('orgWide')) assert.is((await h.request('DELETE', `/organization/members/${account.id}`, { key: w.keys.otherOwner })).status, 200)
        const invite = await right(h.core.organization.inviteAsOperator({ organizationId: w.acme.id, email: account.email, role: 'member', invitedBy: null }))
        return { path: '/organization/invites/accept', body: { token: invite.token }, key }
      },
      expected: [200, 403, 200, 403],
    },
    {
      // Founding one needs no reach, a full key of a server administrator in no organization: Ada, made one here, is in Acme already.
      route: 'POST /organization',
      call: async () => {
        await right(h.core.identity.setServerAdmin(h.accounts.first, true))
        return { path: '/organization', body: { name: 'Another' } }
      },
      expected: [409, 403, 409, 403],
    },
    { route: 'GET /recordings', call: () => ({ path: '/recordings' }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}', call: () => ({ path: `/recordings/${notesRun}?include=transcript` }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}/transcript', call: () => ({ path: `/recordings/${notesRun}/transcript` }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}/audio', call: () => ({ path: `/recordings/${audioRun}/audio` }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}/shares', call: () => ({ path: `/recordings/${notesRun}/shares` }), expected: [200, 200, 200, 200] },
    { route: 'POST /recordings/{runId}/shares', call: () => ({ path: `/recordings/${notesRun}/shares`, body: { email: fresh('shared'), scope: 'summary' } }), expected: [201, 403, 201, 403] },
    {
      route: 'DELETE /recordings/{runId}/shares/{shareId}',
      call: async () => {
        const shared = await h.request('POST', `/recordings/${notesRun}/shares`, { body: { email: fresh('revoked'), scope: 'full' } })
        return { path: `/recordings/${notesRun}/shares/${shared.body.data.id}` }
      },
      expected: [200, 403, 200, 403],
    },
    { route: 'DELETE /recordings/{runId}', call: async () => ({ path: `/recordings/${await transcriptRecording(h, h.keys.full)}` }), expected: [204, 403, 204, 403] },
    { route: 'PATCH /recordings/{runId}/speakers/{speakerId}', call: async () => ({ path: `/recordings/${notesRun}/speakers/${(await h.request('GET', `/recordings/${notesRun}`)).body.data.speakers[0].id}`, body: { name: 'Ana' } }), expected: [200, 403, 200, 403] },
    { route: 'PATCH /recordings/{runId}/action-items/{itemId}', call: async () => ({ path: `/recordings/${notesRun}/action-items/${(await h.request('GET', `/recordings/${notesRun}`)).body.data.actionItems[0].id}`, body: { status: 'done' } }), expected: [200, 403, 200, 403] },
    { route: 'PATCH /recordings/{runId}', call: () => ({ path: `/recordings/${notesRun}`, body: { title: 'Renamed' } }), expected: [200, 403, 200, 403] },
    { route: 'PATCH /recordings/{runId}/notes', call: () => ({ path: `/recordings/${notesRun}/notes`, body: { shortSummary: 'Corrected.' } }), expected: [200, 403, 200, 403] },
    { route: 'PATCH /recordings/{runId}/topics/{topicId}', call: async () => ({ path: `/recordings/${notesRun}/topics/${(await h.request('GET', `/recordings/${notesRun}`)).body.data.topics[0].id}`, body: { label: 'Corrected topic' } }), expected: [200, 403, 200, 403] },
    { route: 'POST /recordings/{runId}/action-items', call: () => ({ path: `/recordings/${notesRun}/action-items`, body: { title: 'Send the deck' } }), expected: [201, 403, 201, 403] },
    {
      route: 'DELETE /recordings/{runId}/action-items/{itemId}',
      call: async () => ({ path: `/recordings/${notesRun}/action-items/${(await h.request('POST', `/recordings/${notesRun}/action-items`, { body: { title: 'A false task' } })).body.data.id}` }),
      expected: [204, 403, 204, 403],
    },
    { route: 'GET /recordings/{runId}/export', call: () => ({ path: `/recordings/${notesRun}/export?format=vtt` }), expected: [200, 200, 200, 200] },
    { route: 'DELETE /uploads/{uploadId}', call: async () => ({ path: `/uploads/${(await h.request('POST', '/uploads', { body: { filename: 'later.vtt' } })).body.data.id}` }), expected: [204, 403, 204, 403] },
    { route: 'POST /uploads', call: () => ({ path: '/uploads', body: { filename: 'notes.vtt' } }), expected: [201, 403, 201, 403] },
    { route: 'GET /uploads', call: () => ({ path: '/uploads' }), expected: [200, 200, 200, 200] },
    { route: 'GET /uploads/{uploadId}', call: () => ({ path: `/uploads/${anUpload}` }), expected: [200, 200, 200, 200] },
    {
      route: 'PUT /uploads/{uploadId}/content',
      call: async () => {
        const created = await h.request('POST', '/uploads', { body: { filename: 'notes.vtt', byteSize: Buffer.byteLength(vtt) } })
        return { path: `/uploads/${created.body.data.id}/content`, raw: vtt }
      },
      expected: [200, 403, 200, 403],
    },
    {
      // Audio fails to process in the harness (its transcriber fails every call), so each cell gets a failed upload to retry.
      route: 'POST /uploads/{uploadId}/retry',
      call: async () => ({ path: `/uploads/${(await upload(h, h.keys.full, { filename: 'call.wav', bytes: silentWav() })).id}/retry` }),
      expected: [200, 403, 200, 403],
    },
    { route: 'GET /bots', call: () => ({ path: '/bots' }), expected: [200, 200, 200, 200] },
    { route: 'POST /bots', call: () => ({ path: '/bots', body: { joinUrl: MEET } }), expected: [201, 403, 201, 403] },
    { route: 'POST /bots/{runId}/leave', call: async () => ({ path: `/bots/${await sendBot()}/leave` }), expected: [200, 403, 200, 403] },
    // A bot called off before it joined: its stream replays what there is and closes, so the answer can be read whole.
    { route: 'GET /bots/{runId}/live', call: async () => ({ path: `/bots/${await calledOff()}/live` }), expected: [200, 200, 200, 200] },
    // Read access, with the stream's reach: every kind of key may ask for a token to its own bot's stream.
    { route: 'POST /bots/{runId}/live-token', call: async () => ({ path: `/bots/${await calledOff()}/live-token` }), expected: [200, 200, 200, 200] },
  ]
  assert.equal(rows.map((r) => r.route).sort(), documentedRoutes(h), 'the table has a row for every organization and recording route')
  await run(h, rows, keys)
})

s("a recipient's keys against a recording shared with it at summary scope: reads of the notes only, never the owner's writes", async ({ h, w }) => {
  // Di is a member of Ada's organization; every kind of Di's keys.
  const keys = {
    full: await w.key(w.ids.di, 'full', false),
    readonly: await w.key(w.ids.di, 'readonly', false),
    orgWide: w.keys.member,
    orgWideReadonly: await w.key(w.ids.di, 'readonly', true),
  }
  const audioRun = await audioRecording(h, h.keys.full)
  const audioUpload = (await h.request('GET', '/uploads')).body.data.rows[0].id as string
  const { link: _link, mailed: _mailed, mailProblem: _problem, ...shared } = (await h.request('POST', `/recordings/${audioRun}/shares`, { body: { email: 'di@example.com', scope: 'summary' } })).body.data
  const rows: Row[] = [
    { route: 'GET /recordings', call: () => ({ path: '/recordings' }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}', call: () => ({ path: `/recordings/${audioRun}` }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}/transcript', call: () => ({ path: `/recordings/${audioRun}/transcript` }), expected: [200, 200, 200, 200] },
    { route: 'GET /recordings/{runId}/audio', call: () => ({ path: `/recordings/${audioRun}/audio` }), expected: [404, 404, 404, 404] },
    { route: 'GET /recordings/{runId}/shares', call: () => ({ path: `/recordings/${audioRun}/shares` }), expected: [404, 404, 404, 404] },
    { route: 'POST /recordings/{runId}/shares', call: () => ({ path: `/recordings/${audioRun}/shares`, body: { email: 'x@example.com', scope: 'full' } }), expected: [404, 403, 404, 403] },
    { route: 'DELETE /recordings/{runId}/shares/{shareId}', call: () => ({ path: `/recordings/${audioRun}/shares/${shared.id}` }), expected: [404, 403, 404, 403] },
    { route: 'GET /uploads/{uploadId}', call: () => ({ path: `/uploads/${audioUpload}` }), expected: [404, 404, 404, 404] },
    { route: 'POST /uploads/{uploadId}/retry', call: () => ({ path: `/uploads/${audioUpload}/retry` }), expected: [404, 403, 404, 403] },
    { route: 'DELETE /recordings/{runId}', call: () => ({ path: `/recordings/${audioRun}` }), expected: [404, 403, 404, 403] },
    // The ids need not exist: a recipient never learns whether they do.
    { route: 'PATCH /recordings/{runId}/speakers/{speakerId}', call: () => ({ path: `/recordings/${audioRun}/speakers/${audioRun}`, body: { name: 'Ana' } }), expected: [404, 403, 404, 403] },
    { route: 'PATCH /recordings/{runId}/action-items/{itemId}', call: () => ({ path: `/recordings/${audioRun}/action-items/${audioRun}`, body: { status: 'done' } }), expected: [404, 403, 404, 403] },
    { route: 'PATCH /recordings/{runId}', call: () => ({ path: `/recordings/${audioRun}`, body: { title: 'Renamed' } }), expected: [404, 403, 404, 403] },
    { route: 'PATCH /recordings/{runId}/notes', call: () => ({ path: `/recordings/${audioRun}/notes`, body: { shortSummary: 'Corrected.' } }), expected: [404, 403, 404, 403] },
    { route: 'PATCH /recordings/{runId}/topics/{topicId}', call: () => ({ path: `/recordings/${audioRun}/topics/${audioRun}`, body: { label: 'Corrected topic' } }), expected: [404, 403, 404, 403] },
    { route: 'POST /recordings/{runId}/action-items', call: () => ({ path: `/recordings/${audioRun}/action-items`, body: { title: 'Send the deck' } }), expected: [404, 403, 404, 403] },
    { route: 'DELETE /recordings/{runId}/action-items/{itemId}', call: () => ({ path: `/recordings/${audioRun}/action-items/${audioRun}` }), expected: [404, 403, 404, 403] },
    { route: 'GET /recordings/{runId}/export', call: () => ({ path: `/recordings/${audioRun}/export?format=md` }), expected: [200, 200, 200, 200] },
    { route: 'DELETE /uploads/{uploadId}', call: () => ({ path: `/uploads/${audioUpload}` }), expected: [404, 403, 404, 403] },
    { route: 'GET /bots', call: () => ({ path: '/bots' }), expected: [200, 200, 200, 200] },
    // Live lines are the transcript as it is spoken: a summary share reaches neither the stream nor a token for it.
    { route: 'GET /bots/{runId}/live', call: () => ({ path: `/bots/${audioRun}/live` }), expected: [404, 404, 404, 404] },
    { route: 'POST /bots/{runId}/live-token', call: () => ({ path: `/bots/${audioRun}/live-token` }), expected: [404, 404, 404, 404] },
  ]
  await run(h, rows, keys)
  const seen = (await h.request('GET', `/recordings/${audioRun}`, { key: keys.orgWideReadonly })).body.data
  assert.equal([seen.owned, seen.scope, seen.sharedBy.id], [false, 'summary', w.ids.ada])
  assert.equal((await h.request('GET', `/recordings/${audioRun}/shares`)).body.data.rows, [shared], 'the share is as the owner made it')
})

s.run()
