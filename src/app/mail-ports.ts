/** The mailer when the operator configured SMTP (NOTETAKER_SMTP_URL); none otherwise, and links are shown to pass on. */
import { readSmtpAddress, smtpMailer } from '../../adapters/mail-smtp/index.js'
import type { Mailer } from '../core/ports/mailer.js'
import type { Config } from './config.js'

export const mailPorts = (config: Pick<Config, 'NOTETAKER_SMTP_URL' | 'NOTETAKER_MAIL_FROM' | 'NOTETAKER_SMTP_TIMEOUT_SECONDS'>): { mailer?: Mailer } => {
  if (config.NOTETAKER_SMTP_URL === '') return {}
  // loadConfig has checked the address and that a sender is given.
  const address = readSmtpAddress(config.NOTETAKER_SMTP_URL)
  if (!address.ok) return {}
  return { mailer: smtpMailer({ address: address.value, from: config.NOTETAKER_MAIL_FROM, timeoutMs: config.NOTETAKER_SMTP_TIMEOUT_SECONDS * 1000 }) }
}
