import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { invitationLink } from '../../../../adapters/bots/chromium/standins/server.js'
import { ALICE, createHarness, terminalOf, timeline, type Harness } from './harness.js'

/** Every way of not getting in, each against a stand-in, each ending with one `failed` and nothing left running. */
const failures = suite<{ h: Harness }>('bot-chromium: failing to get in')

failures.before(async (ctx) => {
  ctx.h = await createHarness()
})
failures.after(async (ctx) => {
  await ctx.h.close()
})

const noTalk = { participants: [ALICE], lines: [], ending: { kind: 'continue' } } as const

failures('google_meet: the host denies the request → failed denied', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'den-iedx-mtg', { ...noTalk, admission: { kind: 'deny', afterMs: 800 } })
  const run = h.start(h.runner(), 'google_meet', joinUrl)
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'waiting', 'failed'])
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'denied')
  assert.match(end.detail, /denied your request to join/)
  await h.assertNoLeftovers([run])
})

failures('zoom: removed from the waiting room → failed denied', async ({ h }) => {
  const { joinUrl } = await h.standins.script('zoom', '81111111111', { ...noTalk, admission: { kind: 'deny', afterMs: 800 } })
  const run = h.start(h.runner(), 'zoom', joinUrl)
  await run.finished
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'denied')
  assert.match(end.detail, /removed the bot from the waiting room/)
  await h.assertNoLeftovers([run])
})

failures('microsoft_teams (teams.live.com, through the launcher): nobody lets it in → failed not_admitted after the admission timeout', async ({ h }) => {
  const { joinUrl } = await h.standins.script('microsoft_teams', '9312345678', { ...noTalk, admission: { kind: 'never' } })
  assert.match(joinUrl, /^https:\/\/teams\.live\.com\/meet\//)
  const run = h.start(h.runner({ admissionTimeoutMs: 2_500 }), 'microsoft_teams', joinUrl)
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'waiting', 'failed'])
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'not_admitted')
  assert.match(end.detail, /nobody let the bot in within 3 s/)
  const asked = h.standins.reports('microsoft_teams', '9312345678').find((r) => r.event === 'asked-to-join')
  assert.equal(asked?.data, { name: 'Notetaker', camera: false, mic: false }, 'it got past the launcher to the pre-join screen')
  await h.assertNoLeftovers([run])
})

failures('zoom: an unknown meeting id → failed meeting_not_found', async ({ h }) => {
  const run = h.start(h.runner(), 'zoom', invitationLink('zoom', '89999999999'))
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'failed'])
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'meeting_not_found')
  assert.match(end.detail, /This meeting link is invalid/)
  await h.assertNoLeftovers([run])
})

failures('google_meet: an unknown meeting code → failed meeting_not_found', async ({ h }) => {
  const run = h.start(h.runner(), 'google_meet', invitationLink('google_meet', 'zzz-zzzz-zzz'))
  await run.finished
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'meeting_not_found')
  assert.match(end.detail, /Check your meeting code/)
  await h.assertNoLeftovers([run])
})

failures('google_meet: a page with no known marker → failed unrecognised_page after the page timeout', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'sig-ninx-wal', { ...noTalk, page: 'unrecognised', admission: { kind: 'admit', afterMs: 0 } })
  const run = h.start(h.runner({ pageTimeoutMs: 2_000 }), 'google_meet', joinUrl)
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'failed'])
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'unrecognised_page')
  assert.match(end.detail, /no known Google Meet screen for 2 s/)
  assert.ok(h.standins.reports('google_meet', 'sig-ninx-wal').some((r) => r.event === 'unrecognised'), 'the bot did load the page')
  await h.assertNoLeftovers([run])
})

failures('a page that does not load (host unresolvable: the test browser reaches nothing but the stand-ins) → failed unrecognised_page', async ({ h }) => {
  const run = h.start(h.runner(), 'google_meet', 'https://meet.example.invalid/abc-defg-hij')
  await run.finished
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'unrecognised_page')
  assert.match(end.detail, /did not load: .*ERR_NAME_NOT_RESOLVED/)
  await h.assertNoLeftovers([run])
})

failures('a missing Chromium binary → failed crashed, naming the package to install', async ({ h }) => {
  const run = h.start(h.runner({ executablePath: '/nonexistent/chromium' }), 'google_meet', invitationLink('google_meet', 'abc-defg-hij'))
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'failed'])
  const end = terminalOf(run.events)
  assert.is(end.type === 'failed' && end.reason, 'crashed')
  assert.match(end.detail, /apt-get install chromium/)
  await h.assertNoLeftovers([run])
})

failures.run()
