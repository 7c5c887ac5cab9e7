/**
 * A hand-written 3-minute meeting about three subjects (the mobile app
 * release, a data engineer hire, a conference talk), spoken style, for the
 * summary tests. Written for this project.
 */
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'

const lines: Array<[string, string]> = [
  ['Ana Lopez', 'Okay, um, thanks everyone, we have three things today: the mobile app release, the data engineer hire and the conference talk.'],
  ['Ana Lopez', 'So first, the mobile app release, where are we with the release candidate?'],
  ['Bob Chen', 'Yeah, so, uh, the release candidate for the mobile app is on the staging servers since Monday.'],
  ['Bob Chen', 'The crash on the login screen is fixed, but I am still worried about the load on the payment service.'],
  ['Bob Chen', 'I will run the load test on the payment service by Friday and send the results to the team.'],
  ['Chloe Martin', 'I think we should hold the release until the load test results are in, you know, just to be safe.'],
  ['Ana Lopez', 'Agreed, the mobile app release waits for the load test results.'],
  ['Bob Chen', "I've also updated the release notes for the App Store, they mention the new offline mode."],
  ['Ana Lopez', 'Great. Moving on, the data engineer hire.'],
  ['Chloe Martin', 'Um, we interviewed three candidates for the data engineer role, and Priya Shah was the strongest by far.'],
  ['Chloe Martin', 'Priya has five years of experience with data pipelines and she built the warehouse at her last company.'],
  ['Bob Chen', 'I mean, her take-home exercise on the data pipeline was the best we have seen.'],
  ['Ana Lopez', 'Decision: we will hire Priya Shah as the data engineer, and she could start on the first of June.'],
  ['Ana Lopez', 'Chloe, can you send Priya the offer letter by Wednesday?'],
  ['Chloe Martin', "Sure, I'll send the offer letter to Priya by Wednesday."],
  ['Ana Lopez', 'Last thing, the conference talk in Berlin.'],
  ['Bob Chen', 'The conference organisers accepted our talk about the offline mode, it is on the second day in Berlin.'],
  ['Chloe Martin', 'I am happy to give the conference talk with Bob, I have presented the offline mode to customers before.'],
  ['Bob Chen', 'I will draft the slides for the conference talk and share them with Chloe next week.'],
  ['Ana Lopez', 'We need to book the flights to Berlin before the prices go up.'],
  ['Ana Lopez', 'Okay, I think that is everything, um, thanks everyone.'],
]

/** Utterances spoken back to back at about 150 words a minute. */
export const threeSubjectsMeeting: Utterance[] = (() => {
  let at = 0
  return lines.map(([speaker, text]) => {
    const ms = Math.round((text.split(/\s+/).length * 60_000) / 150)
    const u = { start_ms: at, end_ms: at + ms, speaker, text }
    at += ms + 500
    return u
  })
})()

/** The meeting started on Monday 2024-05-13 at 09:00 UTC. */
export const threeSubjectsStartsAt = '2024-05-13T09:00:00Z'
