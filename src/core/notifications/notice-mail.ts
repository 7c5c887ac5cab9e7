import type { Notice } from '../domain/notice.js'
import type { OutgoingMail } from '../ports/mailer.js'
import { inviterOf, roleWords } from './notice-words.js'

/** The words of a notice as a plain-text mail. */
export const mailOf = (notice: Notice): OutgoingMail => {
  switch (notice.kind) {
    case 'organization-invite': {
      const who = inviterOf(notice)
      return {
        to: notice.to,
        subject: `${who} invited you to ${notice.organizationName} on Notetaker`,
        text: [
          `${who} invited you to join ${notice.organizationName} on Notetaker as ${roleWords(notice.role)}.`,
          '',
          `Open this link to join (it works once, until ${notice.expiresAt.slice(0, 10)}):`,
          notice.link,
        ].join('\n'),
      }
    }
    case 'recording-shared':
      return {
        to: notice.to,
        subject: `${notice.sharedBy} shared "${notice.recordingTitle}" with you`,
        text: [`${notice.sharedBy} shared the notes of "${notice.recordingTitle}" with you on Notetaker.`, '', 'Open them here:', notice.link].join('\n'),
      }
    case 'calendar-reconnect':
      return {
        to: notice.to,
        subject: `Reconnect your calendar "${notice.calendarName}" on Notetaker`,
        text: [
          `Notetaker can no longer read your calendar "${notice.calendarName}" (${notice.providerName}): ${notice.reason}`,
          '',
          'Its meetings are kept, but changes to them no longer reach Notetaker and new ones are not recorded until you reconnect it.',
          'Reconnect it in Settings → Calendars:',
          notice.link,
        ].join('\n'),
      }
  }
}
