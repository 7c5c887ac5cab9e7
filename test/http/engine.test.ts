import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BOT_JOB, SCHEDULE_JOB } from '../../src/core/bots/index.js'
import { startFeed } from '../support/calendar-feed.js'
import { type Harness, startHarness } from '../support/http.js'

const MEET = 'https://meet.google.com/abc-defg-hij'

const s = suite<{ h: Harness }>('the recording engine')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

/** Lets time pass in 30-second steps (the engine's tick), running whatever falls due. */
const pass = async (h: Harness, seconds: number) => {
  await h.core.bots.startEngine()()
  for (let t = 0; t < seconds; t += 30) {
    h.clock.advance(30_000)
    await h.worker.drain()
  }
}

const addMeeting = async (h: Harness, minutesFromNow: number, extra: Record<string, unknown> = {}) => {
  const startsAt = new Date(h.clock.now().getTime() + minutesFromNow * 60_000).toISOString()
  const r = await h.request('POST', '/meetings', { body: { title: 'Design review', link: MEET, startsAt, durationMinutes: 30, ...extra } })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data
}

const runsOf = async (h: Harness, meetingId: string) =>
  (await h.request('GET', '/recordings?limit=100')).body.data.rows.filter((r: { meetingId: string }) => r.meetingId === meetingId)

s('a manual meeting two minutes from now is recorded without any further call', async ({ h }) => {
  const meeting = await addMeeting(h, 2)
  await pass(h, 30)
  assert.equal(await runsOf(h, meeting.id), [], 'nothing yet: the bot sets off a minute before the start')
  await pass(h, 60)
  const [run] = await runsOf(h, meeting.id)
  assert.ok(run, 'a run exists once the meeting is near')
  await pass(h, 60)
  const done = (await h.request('GET', `/recordings/${run.runId}?include=transcript`)).body.data
  assert.equal([done.state, done.origin, done.hasNotes, done.title], ['ready', 'calendar', true, 'Design review'])
  assert.ok(done.transcript.length > 0)
  const schedule = (await h.request('GET', `/meetings/schedule?from=${encodeURIComponent(meeting.startsAt)}&to=2026-06-02T00:00:00Z`)).body.data.rows
  assert.is(schedule[0].runId, run.runId, 'the schedule shows the run')
  await pass(h, 120)
  assert.is((await runsOf(h, meeting.id)).length, 1, 'never recorded twice')
})

s('a meeting the decision does not record gets no run; one switched on later does', async ({ h }) => {
  const off = await addMeeting(h, 1)
  await h.request('PATCH', `/meetings/${off.id}`, { body: { recordOverride: false } })
  await pass(h, 120)
  assert.equal(await runsOf(h, off.id), [])
  const later = await addMeeting(h, 5)
  await h.request('PATCH', `/meetings/${later.id}`, { body: { recordOverride: false } })
  await pass(h, 60)
  await h.request('PATCH', `/meetings/${later.id}`, { body: { recordOverride: true } })
  await pass(h, 300)
  assert.is((await runsOf(h, later.id))[0]?.state, 'ready')
})

s('a rescheduled meeting supersedes its scheduled run and is recorded at the new time', async ({ h }) => {
  const meeting = await addMeeting(h, 1)
  await h.core.bots.startEngine()()
  h.clock.advance(1_000)
  await h.core.jobHandlers[SCHEDULE_JOB]!({ due: h.clock.now().toISOString() }, { number: 1, last: false })()
  const [scheduled] = await runsOf(h, meeting.id)
  assert.is(scheduled.state, 'scheduled')
  const newStart = new Date(h.clock.now().getTime() + 10 * 60_000).toISOString()
  assert.is((await h.request('PATCH', `/meetings/${meeting.id}`, { body: { startsAt: newStart } })).status, 200)
  const afterMove = await runsOf(h, meeting.id)
  assert.is(afterMove.length, 0, 'the superseded run is not listed')
  await pass(h, 660)
  const [recorded] = await runsOf(h, meeting.id)
  assert.equal([recorded.state, recorded.startsAt], ['ready', newStart])
})

s('a deleted meeting or an override to false cancels its pending run, and it stays cancelled', async ({ h }) => {
  const gone = await addMeeting(h, 1)
  const overridden = await addMeeting(h, 1)
  await h.core.jobHandlers[SCHEDULE_JOB]!({ due: h.clock.now().toISOString() }, { number: 1, last: false })()
  const before = (await h.request('GET', '/recordings')).body.data.rows
  assert.equal(before.map((r: { state: string }) => r.state), ['scheduled', 'scheduled'])
  assert.is((await h.request('DELETE', `/meetings/${gone.id}`)).status, 200)
  await h.request('PATCH', `/meetings/${overridden.id}`, { body: { recordOverride: false } })
  await pass(h, 180)
  const after = (await h.request('GET', '/recordings')).body.data.rows
  assert.equal(after.map((r: { state: string }) => r.state).sort(), ['cancelled', 'cancelled'])
  assert.is(h.events.filter((e) => e.type === 'bot.joining').length, 0, 'no bot was sent')
})

s('a meeting it cannot record because the allowance is spent gets a skipped run saying why', async () => {
  const h = await startHarness({ ports: { plans: [{ key: 'free', paid: false, monthlyRecordings: 1 }] } })
  try {
    await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })
    const meeting = await addMeeting(h, 1)
    await pass(h, 120)
    const [run] = await runsOf(h, meeting.id)
    const detail = (await h.request('GET', `/recordings/${run.runId}`)).body.data
    assert.equal([detail.state, detail.phase], ['skipped', 'done'])
    assert.match(detail.detail, /allowance is spent: 1 of 1/)
    await pass(h, 60)
    assert.is((await runsOf(h, meeting.id)).length, 1, 'skipped once, not on every tick')
  } finally {
    await h.close()
  }
})

s('a meeting that starts while another bot is live is skipped with the reason', async ({ h }) => {
  const live = (await h.request('POST', '/bots', { body: { joinUrl: 'https://zoom.us/j/1234567890' } })).body.data
  const meeting = await addMeeting(h, 1)
  // Run the engine without the worker picking up the manual bot: handlers by hand.
  await h.core.jobHandlers[SCHEDULE_JOB]!({ due: h.clock.now().toISOString() }, { number: 1, last: false })()
  const [run] = await runsOf(h, meeting.id)
  await h.core.jobHandlers['bot.run']!({ accountId: h.accounts.first, runId: run.runId }, { number: 1, last: false })()
  const skipped = (await h.request('GET', `/recordings/${run.runId}`)).body.data
  assert.equal(skipped.state, 'skipped')
  assert.match(skipped.detail, new RegExp(`Another bot of this account was live \\(${live.reference}\\)`))
})

/** A calendar invitation the account (ada@example.com) declined, starting at `startsAt` (iCalendar UTC form). */
const declinedInvitation = (uid: string, startsAt: string) =>
  [`UID:${uid}`, `DTSTART:${startsAt}`, 'DURATION:PT30M', `SUMMARY:Declined ${uid}`, `LOCATION:${MEET}`,
    'ORGANIZER;CN=Bo:mailto:bo@partner.io', 'ATTENDEE;CN=Ada;PARTSTAT=DECLINED:mailto:ada@example.com']

s('no bot is sent to a meeting the account declined; recordOverride true on one still sends it', async ({ h }) => {
  const feed = await startFeed(
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
      ...[declinedInvitation('soon', '20260601T120200Z'), declinedInvitation('later', '20260601T121000Z')].flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
      'END:VCALENDAR', ''].join('\r\n'),
  )
  try {
    const c = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: feed.url } })
    assert.is(c.status, 201, JSON.stringify(c.body))
    await h.worker.drain()
    const meetings = (await h.request('GET', '/meetings')).body.data.rows
    const soon = meetings.find((m: { title: string }) => m.title === 'Declined soon')
    const later = meetings.find((m: { title: string }) => m.title === 'Declined later')
    assert.equal([soon.responseStatus, later.responseStatus], ['declined', 'declined'])
    await h.request('PATCH', `/meetings/${later.id}`, { body: { recordOverride: true } })
    await pass(h, 240)
    assert.equal(await runsOf(h, soon.id), [], 'the declined meeting gets no run, not even a skipped one')
    await pass(h, 360)
    assert.is((await runsOf(h, later.id)).length, 1, 'the declined meeting switched on is recorded')
    assert.equal(await runsOf(h, soon.id), [])
  } finally {
    await feed.stop()
  }
})

s('two look-aheads at once (two processes) schedule a meeting once', async ({ h }) => {
  const meeting = await addMeeting(h, 1)
  const tick = h.core.jobHandlers[SCHEDULE_JOB]!
  const results = await Promise.all([1, 2, 3].map(() => tick({ due: h.clock.now().toISOString() }, { number: 1, last: false })()))
  assert.ok(results.every(E.isRight))
  assert.is((await runsOf(h, meeting.id)).length, 1)
})

s('a scheduled run whose bot job was lost (a crash between the two writes) is still recorded', async ({ h }) => {
  const meeting = await addMeeting(h, 3.25)
  await pass(h, 120) // 75 s before the start: scheduled, and its bot sets off at 60 s
  const [run] = await runsOf(h, meeting.id)
  assert.is(run?.state, 'scheduled')
  const lost = await h.core.ports.jobs.claim([BOT_JOB], new Date('2100-01-01T00:00:00Z'), 1_000)()
  assert.ok(E.isRight(lost) && O.isSome(lost.right), 'the bot job was there to lose')
  await h.core.ports.jobs.complete(lost.right.value.id)()
  await pass(h, 240)
  assert.is((await h.request('GET', `/recordings/${run.runId}`)).body.data.state, 'ready')
})

s('a bot job delivered again after its process died finishes the run with what was kept', async ({ h }) => {
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
  const runs = h.core.ports.runs
  const found = await runs.find(h.accounts.first, bot.runId)()
  assert.ok(E.isRight(found) && found.right._tag === 'Some')
  const run = found.right.value
  // As the dead process left it: admitted and recording, two captions appended.
  const recordingRun = { ...run, state: 'recording' as const, joinedAt: '2026-06-01T12:00:05.000Z', waitedSeconds: 3 }
  await runs.update({ ...run, state: 'joining' }, ['queued'])()
  await runs.update(recordingRun, ['joining'])()
  const line = (n: number, speaker: string) => new TextEncoder().encode(`${JSON.stringify({ start_ms: n * 1000, end_ms: n * 1000 + 900, speaker, text: `We will ship the billing page on Friday, line ${n}.` })}\n`)
  await h.core.ports.blobs.append(`bots/${h.accounts.first}/${bot.runId}/captions.jsonl`, line(1, 'Alice'))()
  await h.core.ports.blobs.append(`bots/${h.accounts.first}/${bot.runId}/captions.jsonl`, line(2, 'Bob'))()
  h.clock.advance(60_000)
  const handled = await h.core.jobHandlers['bot.run']!({ accountId: h.accounts.first, runId: bot.runId }, { number: 2, last: true })()
  assert.ok(E.isRight(handled))
  await h.worker.drain()
  const done = (await h.request('GET', `/recordings/${bot.runId}?include=transcript`)).body.data
  assert.equal([done.state, done.recordingSeconds, done.transcript.length], ['ready', 55, 2])
  assert.match(done.detail ?? '', /server was restarted/)
})

s.run()
