import type * as TE from 'fp-ts/lib/TaskEither.js'

/** One plain-text message to one person. */
export interface OutgoingMail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/**
 * Sends mail (SMTP when the operator configured it). Absent from the ports:
 * no mail is sent, and whoever invites or shares is shown the link to pass on.
 */
export interface Mailer {
  /** Where mail goes, for logs and GET /server, e.g. "SMTP at mail.example.com:587"; never a password. */
  readonly description: string
  /** Left: why the message was not accepted, in words (the server's answer, a timeout). */
  send(mail: OutgoingMail): TE.TaskEither<string, void>
}
