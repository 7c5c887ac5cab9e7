/**
 * The Mailer over SMTP (nodemailer): plain-text mail from one sender. Every wait is
 * bounded, so a dead or silent server costs the request at most a few timeouts, and
 * every failure is an answer in words (the server's reply, a timeout), never a throw.
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import nodemailer from 'nodemailer'
import type { Mailer } from '../../../src/core/ports/mailer.js'
import { type SmtpAddress, whereIs } from './smtp-address.js'
import { problemOf } from './smtp-problem.js'

export { readSmtpAddress, type SmtpAddress } from './smtp-address.js'

export interface SmtpMailerOptions {
  readonly address: SmtpAddress
  /** The sender, e.g. `Notetaker <notes@example.com>`. */
  readonly from: string
  /** How long connecting, the server's greeting and each later wait on the server may take. */
  readonly timeoutMs: number
  /** Accept a server certificate no authority signed (a test server); off in production. */
  readonly allowSelfSigned?: boolean
}

export const smtpMailer = (options: SmtpMailerOptions): Mailer => {
  const { address, timeoutMs } = options
  const where = whereIs(address)
  const transport = nodemailer.createTransport({
    host: address.host,
    port: address.port,
    secure: address.secure,
    ...(address.auth === null ? {} : { auth: { user: address.auth.user, pass: address.auth.pass } }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    ...(options.allowSelfSigned === true ? { tls: { rejectUnauthorized: false } } : {}),
  })
  // Beyond nodemailer's own timeouts, one send never takes longer than this (a server trickling its answers).
  const deadlineMs = timeoutMs * 3
  return {
    description: `SMTP at ${where}`,
    send: (mail) =>
      TE.tryCatch(
        () =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' })), deadlineMs)
            transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text }).then(
              () => {
                clearTimeout(timer)
                resolve()
              },
              (e: unknown) => {
                clearTimeout(timer)
                reject(e)
              },
            )
          }),
        (e) => problemOf(e, where),
      ),
  }
}
