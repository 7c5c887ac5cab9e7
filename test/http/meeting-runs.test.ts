import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Run } from '../../src/core/domain/recordings/run.js'
import { startHarness, type Harness } from '../support/http.js'
import { right } from '../support/run.js'

const s = suite<{ h: Harness }>('meeting changes reach their pending runs')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

/** A manual meeting tomorrow with a run the engine would have scheduled for it. */
const meetingWithRun = async (h: Harness, state: Run['state'] = 'scheduled') => {
  const m = (await h.request('POST', '/meetings', { body: { title: 'Design review', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2026-06-02T10:00:00Z' } })).body.data
  const now = h.clock.now().toISOString()
  const run: Run = {
    id: h.core.ports.ids.uuid(), accountId: h.accounts.first, reference: 'rec-0000-0000-0001', origin: 'calendar', meetingId: m.id,
    title: m.title, startsAt: m.startsAt, platform: 'google_meet', joinUrl: m.link, state, detail: null, joinedAt: null, waitedSeconds: null,
    recordingSeconds: null, endedAt: null, source: null, audio: null, hasNotes: false, leaveRequestedAt: null, progress: null, language: null, detectedLanguage: null, failedStage: null, speakerSeparation: null, transcribedBy: null, template: null, createdAt: now, updatedAt: now,
  }
  await right(h.core.ports.runs.create(run))
  return { meeting: m, runId: run.id }
}

const stateOf = async (h: Harness, runId: string) => {
  const r = await right(h.core.ports.runs.find(h.accounts.first, runId))
  return r._tag === 'Some' ? [r.value.state, r.value.detail] : null
}

s('moving a meeting supersedes its pending run, which is no longer listed', async ({ h }) => {
  const { meeting, runId } = await meetingWithRun(h)
  assert.is((await h.request('GET', '/recordings')).body.data.total, 1)
  assert.is((await h.request('PATCH', `/meetings/${meeting.id}`, { body: { startsAt: '2026-06-03T10:00:00Z' } })).status, 200)
  assert.equal(await stateOf(h, runId), ['superseded', 'The meeting moved to 2026-06-03T10:00:00.000Z; a new run replaces this one'])
  assert.is((await h.request('GET', '/recordings')).body.data.total, 0)
  assert.is((await h.request('GET', `/recordings/${runId}`)).status, 404)
})

s('removing a meeting, or turning recording off, cancels its pending run', async ({ h }) => {
  const a = await meetingWithRun(h)
  assert.is((await h.request('DELETE', `/meetings/${a.meeting.id}`)).status, 200)
  assert.equal(await stateOf(h, a.runId), ['cancelled', 'The meeting was removed'])
  const b = await meetingWithRun(h)
  await h.request('PATCH', `/meetings/${b.meeting.id}`, { body: { recordOverride: false } })
  assert.equal(await stateOf(h, b.runId), ['cancelled', 'Recording was turned off for this meeting'])
})

s('a run already in the call is left alone; a title change changes nothing', async ({ h }) => {
  const live = await meetingWithRun(h, 'recording')
  await h.request('PATCH', `/meetings/${live.meeting.id}`, { body: { startsAt: '2026-06-04T10:00:00Z' } })
  assert.equal(await stateOf(h, live.runId), ['recording', null])
  const other = await meetingWithRun(h)
  await h.request('PATCH', `/meetings/${other.meeting.id}`, { body: { title: 'Renamed' } })
  assert.equal(await stateOf(h, other.runId), ['scheduled', null])
})

s.run()
