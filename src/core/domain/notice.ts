/**
 * What a person is told: invited into an organization, given a recording, or that a calendar must be reconnected.
 * Each notice reaches the person in the app (when the email has an account)
 * and by mail (when the server sends mail). Links are absolute web app addresses.
 */
export type Notice =
  | {
      readonly kind: 'organization-invite'
      /** The invited email (normalised). */
      readonly to: string
      readonly organizationName: string
      /** The inviter's name, or null for an operator's invite. */
      readonly invitedBy: string | null
      readonly role: string
      /** The one-time link that accepts the invite (and sets a password when the email has no account). */
      readonly link: string
      readonly expiresAt: string
    }
  | {
      readonly kind: 'recording-shared'
      readonly to: string
      readonly runId: string
      readonly recordingTitle: string
      readonly sharedBy: string
      /** Opens the recording (for someone with no account: first sets a password). */
      readonly link: string
    }
  | {
      readonly kind: 'calendar-reconnect'
      /** The email of the account that owns the connection. */
      readonly to: string
      readonly calendarName: string
      /** "Google Calendar", "Microsoft 365". */
      readonly providerName: string
      /** Why, in the provider's words (the connection's lastError). */
      readonly reason: string
      /** Settings → Calendars in the web app, where Reconnect is. */
      readonly link: string
    }

/** How a notice went out; the inviter or sharer is shown the link when it was not mailed. */
export interface NoticeDelivery {
  readonly mailed: boolean
  /** Why mail was not sent when the server sends mail (the SMTP server's answer), else null. */
  readonly mailProblem: string | null
}
