/** The mailer when the operator configured SMTP (NOTETAKER_SMTP_URL); none otherwise, and links are shown to pass on. */
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import { readSmtpAddress, smtpMailer } from '../../../adapters/outbound/mail-smtp/index.js'
import type { Mailer } from '../../core/ports/mailer.js'
import type { Config } from '../config/index.js'

/** Each mail that could not be sent is a warning for the operator too (whoever invited or shared is told in the answer). */
const logged = (mailer: Mailer, logger: Logger | undefined): Mailer =>
  logger === undefined
    ? mailer
    : {
        description: mailer.description,
        send: (mail) =>
          pipe(
            mailer.send(mail),
            TE.bimap(
              (problem) => {
                logger.warn({ to: mail.to, subject: mail.subject }, `mail to ${mail.to} was not sent: ${problem}`)
                return problem
              },
              () => logger.debug({ to: mail.to, subject: mail.subject }, `mailed ${mail.to} through ${mailer.description}`),
            ),
          ),
      }

export const mailPorts = (
  config: Pick<Config, 'NOTETAKER_SMTP_URL' | 'NOTETAKER_MAIL_FROM' | 'NOTETAKER_SMTP_TIMEOUT_SECONDS'>,
  logger?: Logger,
): { mailer?: Mailer } => {
  if (config.NOTETAKER_SMTP_URL === '') return {}
  // loadConfig has checked the address and that a sender is given.
  const address = readSmtpAddress(config.NOTETAKER_SMTP_URL)
  if (!address.ok) return {}
  return { mailer: logged(smtpMailer({ address: address.value, from: config.NOTETAKER_MAIL_FROM, timeoutMs: config.NOTETAKER_SMTP_TIMEOUT_SECONDS * 1000 }), logger) }
}
