/** nodemailer's failure as one sentence a person understands; never the password (nodemailer's errors do not hold it). */
interface SmtpError {
  readonly code?: string
  readonly responseCode?: number
  readonly response?: string
  readonly message?: string
}

/** The server's own words, trimmed of its status code and brought to one line. */
const serverWords = (e: SmtpError): string => {
  const said = (e.response ?? e.message ?? '').replace(/\s+/g, ' ').trim()
  return said.length > 200 ? `${said.slice(0, 200)}…` : said
}

export const problemOf = (error: unknown, where: string): string => {
  const e = (error ?? {}) as SmtpError
  const refused = /ECONNREFUSED/.test(e.message ?? '')
  const untrusted = e.code === 'ETLS' || /certificate|self[- ]signed/i.test(e.message ?? '')
  switch (true) {
    case e.code === 'EAUTH':
      return `The mail server at ${where} refused the user name or password: ${serverWords(e)}`
    case e.code === 'ETIMEDOUT':
      return `The mail server at ${where} did not answer in time.`
    case e.code === 'EDNS':
      return `The mail server ${where} could not be found (DNS).`
    case untrusted:
      return `The mail server at ${where} could not be trusted over TLS (${serverWords(e)}); check its certificate, or the address's port and smtp:// or smtps://.`
    case refused:
      return `The mail server at ${where} could not be reached: it refused the connection.`
    case e.responseCode !== undefined:
      return `The mail server at ${where} refused the message: ${serverWords(e)}`
    case e.code === 'ECONNECTION' || e.code === 'ESOCKET':
      return `The mail server at ${where} could not be reached: ${serverWords(e)}`
    default:
      return `The mail could not be sent through ${where}: ${serverWords(e)}`
  }
}
