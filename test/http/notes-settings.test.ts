import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chatStandIn, type ChatStandIn, standInEngines } from '../support/notes-standin.js'
import { type Harness, startHarness } from '../support/http.js'
import { organizationWorld } from './organization-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const KEY = 'sk-stand-in-secret'
const server = (url: string, extra: Record<string, unknown> = {}) => ({ url, model: 'llama-test', contextTokens: 8192, ...extra })

const s = suite<{ h: Harness; w: World; chat: ChatStandIn }>('Notes settings: read, change, test')
s.before(async (ctx) => {
  ctx.h = await startHarness({ ports: { notesEngines: await standInEngines() } })
  ctx.w = await organizationWorld(ctx.h)
  ctx.chat = await chatStandIn('OK from the stand-in')
})
s.after(async ({ h, chat }) => {
  await chat.stop()
  await h.close()
})

s('without saved settings every caller reads the server configuration for its own scope', async ({ h, w }) => {
  const dan = await h.request('GET', '/notes-settings', { key: w.keys.dan })
  assert.is(dan.status, 200)
  assert.equal(
    { ...dan.body.data, templates: dan.body.data.templates.map((t: { id: string; source: string }) => `${t.id}:${t.source}`) },
    {
      analyzer: 'builtin', openai: null, defaultTemplate: 'general', scope: 'account', canEdit: true, source: 'server',
      templates: ['general:builtin', 'standup:builtin', 'sales-call:builtin', 'one-on-one:builtin', 'interview:builtin', 'board-meeting:operator'],
    },
  )
  assert.is((await h.request('GET', '/notes-settings', { key: w.keys.danReadonly })).body.data.canEdit, false, 'a read-only key reads, and may not change')
  const rights = async (key: string) => {
    const r = await h.request('GET', '/notes-settings', { key })
    assert.is(r.status, 200)
    return `${r.body.data.scope}:${r.body.data.canEdit}`
  }
  assert.is(await rights(w.keys.owner), 'organization:true')
  assert.is(await rights(w.keys.admin), 'organization:true')
  assert.is(await rights(w.keys.member), 'organization:false')
  assert.is(await rights(w.keys.ownerReadonly), 'organization:false')
  assert.is(await rights(h.keys.full), 'organization:false', "the owner's key that is not organization-wide reads the organization's, and may not change them")
})

s('only owners and admins change the organization\'s settings; others get 403 as on the organization-admin routes', async ({ h, w, chat }) => {
  const body = { analyzer: 'openai', openai: server(chat.url, { key: KEY }), defaultTemplate: 'standup' }
  for (const [who, key, words] of [
    ['a member', w.keys.member, /owners and admins/],
    ['a read-only key of the owner', w.keys.ownerReadonly, /read-only/],
    ["the owner's key that is not organization-wide", h.keys.full, /organization-wide/],
  ] as const) {
    const r = await h.request('PUT', '/notes-settings', { key, body })
    assert.is(r.status, 403, who)
    assert.is(r.body.error.code, 'FORBIDDEN')
    assert.match(r.body.error.message, words, who)
  }
  assert.is((await h.request('PUT', '/notes-settings', { key: null, body })).status, 401)
  assert.is((await h.request('GET', '/notes-settings', { key: w.keys.member })).body.data.source, 'server', 'nothing was saved')

  const saved = await h.request('PUT', '/notes-settings', { key: w.keys.admin, body })
  assert.is(saved.status, 200, JSON.stringify(saved.body))
  assert.equal(saved.body.data.openai, { url: chat.url, model: 'llama-test', contextTokens: 8192, hasKey: true })
  const read = await h.request('GET', '/notes-settings', { key: w.keys.member })
  assert.equal([read.body.data.analyzer, read.body.data.source, read.body.data.defaultTemplate, read.body.data.openai.hasKey], ['openai', 'saved', 'standup', true])
  for (const r of [saved, read]) assert.not.ok(JSON.stringify(r.body).includes(KEY), 'the key is never answered')
  const elsewhere = await h.request('GET', '/notes-settings', { key: w.keys.otherOwner })
  assert.equal([elsewhere.body.data.source, elsewhere.body.data.openai], ['server', null], "another organization never sees Acme's")
  assert.is((await h.request('GET', '/notes-settings', { key: w.keys.dan })).body.data.source, 'server', 'nor an account outside it')
  const byOwner = await h.request('PUT', '/notes-settings', { key: w.keys.owner, body: { analyzer: 'openai' } })
  assert.is(byOwner.status, 200, 'the owner may too; the saved server is kept when openai is left out')
  assert.equal([byOwner.body.data.openai.url, byOwner.body.data.openai.hasKey, byOwner.body.data.defaultTemplate], [chat.url, true, 'standup'])
})

s('the key: left out keeps it, "" removes it; it reaches the server, never a reader', async ({ h, w, chat }) => {
  const test = async () => (await h.request('POST', '/notes-settings/test', { key: w.keys.admin })).body.data
  chat.requests.length = 0
  assert.is((await test()).ok, true)
  assert.is(chat.requests.at(-1)!.authorization, `Bearer ${KEY}`, 'the saved key is opened for the server')
  const kept = await h.request('PUT', '/notes-settings', { key: w.keys.admin, body: { analyzer: 'openai', openai: server(chat.url, { model: 'llama-two' }) } })
  assert.equal([kept.body.data.openai.model, kept.body.data.openai.hasKey], ['llama-two', true])
  const removed = await h.request('PUT', '/notes-settings', { key: w.keys.admin, body: { analyzer: 'openai', openai: server(chat.url, { key: '' }) } })
  assert.is(removed.body.data.openai.hasKey, false)
  await test()
  assert.is(chat.requests.at(-1)!.authorization, null)
  const builtin = await h.request('PUT', '/notes-settings', { key: w.keys.admin, body: { analyzer: 'builtin' } })
  assert.equal([builtin.body.data.analyzer, builtin.body.data.openai?.url], ['builtin', chat.url], 'switching to builtin keeps the server for later')
  const cleared = await h.request('PUT', '/notes-settings', { key: w.keys.admin, body: { analyzer: 'builtin', openai: null } })
  assert.is(cleared.body.data.openai, null)
})

s('every bad body is 422 naming the field, and nothing is saved', async ({ h, w, chat }) => {
  const before = (await h.request('GET', '/notes-settings', { key: w.keys.dan })).body.data
  const cases: Array<[unknown, string, RegExp?]> = [
    [{}, 'analyzer'],
    [{ analyzer: 'gpt' }, 'analyzer'],
    [{ analyzer: 'openai' }, 'openai', /required when analyzer is openai/],
    [{ analyzer: 'openai', openai: null }, 'openai'],
    [{ analyzer: 'openai', openai: server('ftp://example.com') }, 'openai.url', /http/],
    [{ analyzer: 'openai', openai: server('not a url') }, 'openai.url'],
    [{ analyzer: 'openai', openai: server('http://169.254.169.254') }, 'openai.url', /metadata/],
    [{ analyzer: 'openai', openai: server(`${chat.url}/?q=1`) }, 'openai.url', /query/],
    [{ analyzer: 'openai', openai: server(chat.url, { model: ' ' }) }, 'openai.model'],
    [{ analyzer: 'openai', openai: server(chat.url, { model: 'm'.repeat(201) }) }, 'openai.model'],
    [{ analyzer: 'openai', openai: server(chat.url, { contextTokens: 2047 }) }, 'openai.contextTokens', /2048/],
    [{ analyzer: 'openai', openai: server(chat.url, { contextTokens: 1_000_001 }) }, 'openai.contextTokens'],
    [{ analyzer: 'openai', openai: server(chat.url, { contextTokens: 4096.5 }) }, 'openai.contextTokens'],
    [{ analyzer: 'openai', openai: { url: chat.url, model: 'm' } }, 'openai.contextTokens'],
    [{ analyzer: 'openai', openai: server(chat.url, { key: 42 }) }, 'openai.key'],
    [{ analyzer: 'openai', openai: server(chat.url, { temperature: 1 }) }, 'openai.temperature'],
    [{ analyzer: 'builtin', defaultTemplate: 'nope' }, 'defaultTemplate', /general, standup, sales-call, one-on-one, interview, board-meeting/],
    [{ analyzer: 'builtin', colour: 'red' }, 'colour'],
  ]
  for (const [body, path, words] of cases) {
    const r = await h.request('PUT', '/notes-settings', { key: w.keys.dan, body })
    assert.is(r.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`)
    assert.is(r.body.error.code, 'VALIDATION_ERROR')
    assert.ok(r.body.error.details.some((d: { path: string }) => d.path === path), `${JSON.stringify(body)} names ${path}: ${JSON.stringify(r.body.error.details)}`)
    if (words !== undefined) assert.match(JSON.stringify(r.body.error), words)
  }
  const raw = await h.request('PUT', '/notes-settings', { key: w.keys.dan, rawBody: '{"analyzer":', headers: { 'content-type': 'application/json' } })
  assert.is(raw.status, 400, 'a body that is not JSON')
  assert.equal((await h.request('GET', '/notes-settings', { key: w.keys.dan })).body.data, before)
  const ok = await h.request('PUT', '/notes-settings', { key: w.keys.dan, body: { analyzer: 'builtin', defaultTemplate: 'board-meeting' } })
  assert.equal([ok.status, ok.body.data.scope, ok.body.data.defaultTemplate], [200, 'account', 'board-meeting'], "an operator's template is a known id")
})

s('the test answers what the server said, or why not, in 200; a bad body is 422 and a member 403', async ({ h, w, chat }) => {
  const given = await h.request('POST', '/notes-settings/test', { key: w.keys.dan, body: server(chat.url, { key: 'sk-given' }) })
  assert.equal([given.status, given.body.data.ok, given.body.data.answer, typeof given.body.data.ms], [200, true, 'OK from the stand-in', 'number'])
  assert.equal([chat.requests.at(-1)!.authorization, chat.requests.at(-1)!.model], ['Bearer sk-given', 'llama-test'])
  const nothing = await h.request('POST', '/notes-settings/test', { key: w.keys.dan })
  assert.is(nothing.status, 422, 'no server given and none saved')
  assert.is(nothing.body.error.details[0].path, 'url')
  await chat.stop()
  try {
    const down = await h.request('POST', '/notes-settings/test', { key: w.keys.dan, body: server(chat.url) })
    assert.equal([down.status, down.body.data.ok], [200, false])
    assert.match(down.body.data.error, /did not answer after 1 try \(connection refused\)/)
    assert.is(down.body.data.answer, undefined)
  } finally {
    await chat.start()
  }
  for (const [body, path] of [
    [{ url: 'gopher://x', model: 'm' }, 'url'],
    [{ url: chat.url, model: '' }, 'model'],
    [{ url: chat.url, model: 'm', contextTokens: 10 }, 'contextTokens'],
    [{ url: chat.url, model: 'm', stream: true }, 'stream'],
  ] as const) {
    const r = await h.request('POST', '/notes-settings/test', { key: w.keys.dan, body })
    assert.is(r.status, 422, JSON.stringify(body))
    assert.is(r.body.error.details[0].path, path)
  }
  const member = await h.request('POST', '/notes-settings/test', { key: w.keys.member, body: server(chat.url) })
  assert.is(member.status, 403)
  assert.is((await h.request('POST', '/notes-settings/test', { key: w.keys.danReadonly })).status, 403)
})

s('GET /server says what would make the caller\'s next notes', async ({ h, w, chat }) => {
  const notes = async (key: string) => (await h.request('GET', '/server', { key })).body.data.notes
  assert.equal(await notes(w.keys.otherOwner), { analyzer: 'builtin', model: null, template: 'general' })
  await h.request('PUT', '/notes-settings', { key: w.keys.owner, body: { analyzer: 'openai', openai: server(chat.url, { model: 'llama-next' }), defaultTemplate: 'sales-call' } })
  assert.equal(await notes(w.keys.member), { analyzer: 'openai', model: 'llama-next', template: 'sales-call' }, 'any member, any key')
  assert.equal(await notes(w.keys.otherOwner), { analyzer: 'builtin', model: null, template: 'general' }, 'not for another organization')
})

s.run()

const plain = suite<{ h: Harness }>('Notes settings on a core without notes engines')
plain.before(async (ctx) => {
  ctx.h = await startHarness()
})
plain.after(async ({ h }) => h.close())

plain('a notes server cannot be set, and says why; the built-in templates can be chosen', async ({ h }) => {
  const r = await h.request('PUT', '/notes-settings', { body: { analyzer: 'openai', openai: server('https://llm.example.com') } })
  assert.is(r.status, 422)
  assert.match(r.body.error.details[0].message, /no OpenAI-compatible analyzer wired/)
  const ok = await h.request('PUT', '/notes-settings', { body: { analyzer: 'builtin', defaultTemplate: 'interview' } })
  assert.equal([ok.status, ok.body.data.defaultTemplate, ok.body.data.templates.length], [200, 'interview', 5])
  const test = await h.request('POST', '/notes-settings/test', { body: server('https://llm.example.com') })
  assert.is(test.status, 422)
})

plain.run()
