/**
 * A hand-written planning meeting (two topics: the spring launch, then the
 * support backlog), spoken style with fillers, for the analyzer tests.
 */
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'

const lines: Array<[string, string]> = [
  ['Ana', 'Okay, um, let us get started, thanks everyone for joining.'],
  ['Ana', 'So the first topic is the spring launch of the mobile app, and we have about six weeks left before the launch date.'],
  ['Ben', 'Yeah, so, uh, the mobile app beta is stable now and the crash rate dropped below one percent last week.'],
  ['Ben', 'The main risk for the launch is the payment screen, because the new payment provider still has not approved our account.'],
  ['Chloe', 'Right, and, you know, the marketing campaign for the launch depends on the payment screen being ready.'],
  ['Chloe', 'I I think we should delay the campaign emails until the payment provider approves the account.'],
  ['Ana', 'That makes sense to me.'],
  ['Ben', 'The app store review usually takes three or four days, so we need to submit the build by the end of the month.'],
  ['Ana', "Ben, can you submit the release build to the app store by March 28?"],
  ['Ben', "Sure, I'll submit the build by March 28 if the payment screen passes testing."],
  ['Chloe', 'Um, the launch video is almost done, the agency sent the second cut on Monday.'],
  ['Chloe', "I'll send the final launch video to everyone by Friday."],
  ['Ana', 'Great, and the press release for the launch still needs a quote from our chief executive.'],
  ['Dev', 'I can ask her for the quote, she is in the office tomorrow.'],
  ['Ana', 'Perfect, thanks Dev.'],
  ['Dev', 'Uh, one more thing about the launch, the pricing page still shows the old subscription prices.'],
  ['Chloe', 'Oh, right, the pricing page needs the new annual subscription plan before the launch.'],
  ['Ana', "Let's have Chloe update the pricing page with the new subscription plans next week."],
  ['Chloe', 'Okay.'],
  ['Ana', 'Alright, so, the second topic is the support backlog, which grew a lot this month.'],
  ['Dev', 'Yeah, the support backlog has about four hundred open tickets, and most of them are about password resets.'],
  ['Dev', 'The password reset emails go to spam for customers who use older email providers.'],
  ['Ben', 'We we could switch the password reset emails to the new email service, which has much better delivery rates.'],
  ['Dev', 'That would probably cut the support backlog in half within two weeks.'],
  ['Ana', 'How long would the switch to the new email service take?'],
  ['Ben', 'Maybe two days of work, plus a day of testing with real customer accounts.'],
  ['Ana', 'Okay, so, Ben, could you switch the password reset emails after the launch build is submitted?'],
  ['Ben', 'Yes, that works.'],
  ['Dev', 'Meanwhile the support team could use a saved reply that explains how to find the reset email in the spam folder.'],
  ['Dev', "I'll write the saved reply for the support team today."],
  ['Chloe', 'Um, also, the support backlog numbers should go into the monthly report for the board.'],
  ['Ana', "Good point, I'll add the support backlog numbers to the board report."],
  ['Dev', 'The support team also asked for a second person on weekend shifts until the backlog is under one hundred tickets.'],
  ['Ana', 'I need to check the budget for weekend shifts with finance before I can say yes.'],
  ['Ana', 'Okay, I think that is everything, um, thanks everyone.'],
]

/** Utterances spoken back to back at about 150 words a minute. */
export const sampleMeeting: Utterance[] = (() => {
  let at = 0
  return lines.map(([speaker, text]) => {
    const ms = Math.round((text.split(/\s+/).length * 60_000) / 150)
    const u = { start_ms: at, end_ms: at + ms, speaker, text }
    at += ms + 500
    return u
  })
})()

/** The meeting started on Wednesday 2024-03-13 at 15:00 UTC. */
export const sampleStartsAt = '2024-03-13T15:00:00Z'
