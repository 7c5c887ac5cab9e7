/**
 * Hand-written meetings for the topic tests: one about three subjects with
 * spoken transitions, one that drifts between three subjects with no
 * transition said aloud, and one about a single subject.
 */
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'

/** Utterances back to back at about 150 words a minute, with a short pause between turns. */
export const timed = (lines: ReadonlyArray<readonly [string, string]>): Utterance[] => {
  let at = 0
  return lines.map(([speaker, text]) => {
    const ms = Math.round((text.split(/\s+/).length * 60_000) / 150)
    const u = { start_ms: at, end_ms: at + ms, speaker, text }
    at += ms + 600
    return u
  })
}

/** Three subjects, each opened by a spoken cue; the second and third start at utterances 11 and 20. */
export const cuedMeeting = timed([
  ['Maya', 'Morning all, thanks for joining. We have three things today: the warehouse scanner rollout, the summer intern programme, and the customer newsletter.'],
  ['Maya', 'So, the warehouse scanner rollout. Where are we with the new handheld scanners?'],
  ['Tom', 'The handheld scanners arrived on Monday, and forty of them are configured for the Leeds warehouse.'],
  ['Tom', 'The scanner firmware still drops the wifi connection in the cold storage aisles, though.'],
  ['Ines', 'Um, the warehouse staff said the scanners are much faster than the old barcode guns when the wifi holds.'],
  ['Maya', 'Can the vendor patch the firmware before the rollout to the Bristol warehouse?'],
  ['Tom', 'They promised a firmware patch by the end of next week, and I will test it in the cold storage aisles.'],
  ['Ines', 'We should keep twenty old barcode guns as spares until the firmware patch is proven.'],
  ['Maya', 'Agreed, keep the spares. Tom, please send me the scanner rollout plan for Bristol by Friday.'],
  ['Tom', 'Sure, I will send the scanner rollout plan by Friday.'],
  ['Maya', 'Good.'],
  ['Maya', 'Moving on, the summer intern programme. How many intern applications do we have?'],
  ['Ines', 'We have about ninety intern applications, mostly from the logistics degree at the local university.'],
  ['Tom', 'Could each intern shadow a warehouse shift in the first week? That worked well last summer.'],
  ['Ines', 'Yes, and every intern gets a mentor from the operations team for the whole programme.'],
  ['Maya', 'How many interns can the operations team mentor this year?'],
  ['Ines', 'Six interns at most, so I will shortlist twelve applications for interviews by the end of the month.'],
  ['Maya', 'Six interns sounds right. Please share the intern interview schedule with the mentors.'],
  ['Ines', 'Will do, I will share the interview schedule on Monday.'],
  ['Tom', 'Great.'],
  ['Maya', 'Last item, the customer newsletter. The spring issue of the newsletter goes out in two weeks.'],
  ['Ines', 'The newsletter needs a story about the faster deliveries, and a photo of the new packing line.'],
  ['Tom', 'I can write the delivery story for the newsletter, with the new delivery times for each region.'],
  ['Maya', 'And the newsletter should announce the loyalty discount for customers who order every month.'],
  ['Ines', 'Then I will ask the designer for the newsletter layout and the packing line photo by Thursday.'],
  ['Maya', 'Perfect, that is everything, thanks both.'],
])

/** Three subjects in turn with no spoken transition: budget figures, then an office move, then a software upgrade. */
export const driftingMeeting = timed([
  ['Ana', 'The quarterly budget came in under forecast, mostly because travel spending fell.'],
  ['Raj', 'Travel spending fell by a third, but consulting invoices rose sharply in the budget.'],
  ['Ana', 'Consulting invoices were for the audit, which the budget did not foresee.'],
  ['Raj', 'Then the forecast for the next quarter needs the audit consulting invoices as a line.'],
  ['Lee', 'Finance wants the revised forecast and budget lines before the board pack is printed.'],
  ['Ana', 'The revised forecast should also show the travel savings against the original budget.'],
  ['Raj', 'I will rebuild the forecast spreadsheet with the consulting invoices and travel savings.'],
  ['Lee', 'Good, the budget variance will then match the audit invoices exactly.'],
  ['Ana', 'The forecast spreadsheet and budget variance go to finance on Thursday.'],
  ['Lee', 'The landlord confirmed the new office lease starts in September, on the third floor.'],
  ['Ana', 'The third floor office has fewer desks, so the desks need a booking rota.'],
  ['Raj', 'A desk booking rota works if the meeting rooms and desks are booked through one calendar.'],
  ['Lee', 'The removal company can move the desks, chairs and cabinets over one weekend.'],
  ['Ana', 'The cabinets hold paper archives, which the removal company must pack in sealed crates.'],
  ['Raj', 'Sealed crates for the archives, and the landlord wants the old office keys back by October.'],
  ['Lee', 'I will book the removal company for the last weekend of August and collect the office keys.'],
  ['Ana', 'The lease also includes a kitchen on the third floor, so the old fridge can go.'],
  ['Raj', 'The laptop fleet still runs the old operating system, and support for it ends in spring.'],
  ['Lee', 'Upgrading every laptop takes an engineer about an hour, with backups of each disk first.'],
  ['Ana', 'Some laptops are too old for the upgrade, so the oldest laptops should be replaced instead.'],
  ['Raj', 'Twelve laptops are too old, and replacement laptops cost about nine hundred each.'],
  ['Lee', 'The disk backups can run overnight, and the engineer upgrades the operating system the next morning.'],
  ['Ana', 'The password manager must be reinstalled after each operating system upgrade.'],
  ['Raj', 'I will schedule the laptop upgrades by team, starting with engineering, after the disk backups.'],
  ['Lee', 'And the replacement laptops need ordering this month so they arrive before spring.'],
])

/** One subject from start to end: planning a customer workshop. */
export const oneSubjectMeeting = timed([
  ['Sam', 'Let us plan the customer workshop for the new reporting dashboard.'],
  ['Kim', 'The workshop should show customers how to build their own dashboard reports.'],
  ['Sam', 'Twenty customers have signed up for the workshop so far, mostly finance teams.'],
  ['Kim', 'Finance teams mostly want the dashboard export to spreadsheets, so the workshop should cover exports.'],
  ['Sam', 'We could give each customer a sample dashboard with their own data before the workshop.'],
  ['Kim', 'Sample dashboards take a day each to prepare, so twenty sample dashboards is a lot.'],
  ['Sam', 'Then one shared sample dashboard for the workshop, with made-up finance data.'],
  ['Kim', 'I will build the shared sample dashboard and the export exercise by next Wednesday.'],
  ['Sam', 'I will send the workshop invitations with the agenda and the dashboard login details.'],
  ['Kim', 'The workshop room needs a projector and good wifi for twenty customer laptops.'],
  ['Sam', 'I will book the large training room, which has both, for the workshop afternoon.'],
  ['Kim', 'Great, then the customer workshop is set.'],
])
