import type { Notice } from '../domain/notice.js'

/** Who invited, as the invited person reads it. */
export const inviterOf = (notice: Extract<Notice, { kind: 'organization-invite' }>): string =>
  notice.invitedBy ?? 'The administrator of this Notetaker server'

/** "an admin", "a member", "an owner". */
export const roleWords = (role: string): string => `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`

/** The one sentence the web app shows for a notice. */
export const sentenceOf = (notice: Notice): string => {
  switch (notice.kind) {
    case 'organization-invite':
      return `${inviterOf(notice)} invited you to join ${notice.organizationName} as ${roleWords(notice.role)}.`
    case 'recording-shared':
      return `${notice.sharedBy} shared "${notice.recordingTitle}" with you.`
    case 'calendar-reconnect':
      return `Your calendar "${notice.calendarName}" (${notice.providerName}) stopped syncing: reconnect it to keep its meetings up to date.`
  }
}

/** The path of a web app address (`https://notes.example.com/x?y` → `/x?y`); a path stays as it is. */
export const pathOf = (link: string): string => {
  try {
    const url = new URL(link)
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return link.startsWith('/') ? link : '/'
  }
}
