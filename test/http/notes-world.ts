/** A meeting whose speakers are labels ("Speaker 1"), with action items and decisions: the world of the notes edits and exports tests. */
import type { Harness } from '../support/http.js'
import { upload } from './share-world.js'

export const LABELLED_VTT = Buffer.from(`WEBVTT

00:00:00.000 --> 00:00:05.000
<v Speaker 1>Good morning, today we plan the launch of the mobile app & its <beta> feedback.

00:00:05.500 --> 00:00:11.000
<v Speaker 2>I'll send the patched build to the testers by Friday.

00:00:11.500 --> 00:00:17.000
<v Speaker 1>Okay, we decided to move the launch event to Berlin.

00:00:17.500 --> 00:00:23.000
<v Speaker 2>Can you book the venue and share the costs with finance next week?

00:00:23.500 --> 00:00:29.000
<v Speaker 1>Sure. Let's go with the smaller venue near the station.

01:02:03.000 --> 01:02:08.500
<v Speaker 2>Thanks everyone, the budget stays at forty thousand dollars.
`)

/** Uploads the labelled meeting with the key's account and lets processing finish; answers its run id and upload id. */
export const labelledRecording = async (h: Harness, key: string, title = 'Launch / plan: "Q3"') => {
  const u = await upload(h, key, { filename: 'launch.vtt', bytes: LABELLED_VTT, title, startsAt: '2026-05-20T09:00:00Z' })
  return { runId: u.runId, uploadId: u.id }
}

/** Processes the recording again, as a retry does: back to `stored`, then the pipeline's job. */
export const reprocess = async (h: Harness, accountId: string, runId: string) => {
  const run = await h.core.ports.runs.find(accountId, runId)()
  if (run._tag === 'Left' || run.right._tag === 'None') throw new Error('no such run')
  const moved = await h.core.ports.runs.update({ ...run.right.value, state: 'stored', hasNotes: false }, ['ready'])()
  if (moved._tag === 'Left') throw new Error(JSON.stringify(moved.left))
  const done = await h.core.jobHandlers['recording.process']!({ accountId, runId }, { number: 1, last: true })()
  if (done._tag === 'Left') throw new Error(JSON.stringify(done.left))
}
