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
  }
}
