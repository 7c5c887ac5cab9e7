/**
 * A mail server for tests (smtp-server on a loopback port) that records what it is sent.
 * `refuse` answers 550 to every recipient; `users` turns AUTH on and checks the password;
 * `starttls` offers STARTTLS (with smtp-server's own self-signed certificate).
 * `silentSmtpServer` accepts connections and never greets (a hung server).
 */
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  /** The user name it was sent with, or null without AUTH. */
  /** Whether the message came over TLS (after STARTTLS). */
  readonly secure: boolean
  readonly user: string | null
  readonly headers: Readonly<Record<string, string>>
  readonly subject: string
  readonly text: string
}

export interface SmtpStandin {
  readonly port: number
  readonly received: ReadonlyArray<ReceivedMail>
  /** Resolves with the next message (or one received already and not yet taken). */
  next(timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8')

/** A header's MIME encoded-words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )

/** Headers (names lowercased, folded lines joined) and the plain-text body of a simple message. */
const parse = (raw: string): { headers: Record<string, string>; text: string } => {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
  }
  const body = raw.slice(split + 4)
  const encoding = headers['content-transfer-encoding']?.toLowerCase()
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body
  return { headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') }
}

export const startSmtpStandin = async (options: { refuse?: boolean; users?: Readonly<Record<string, string>>; starttls?: boolean } = {}): Promise<SmtpStandin> => {
  const received: ReceivedMail[] = []
  const waiting: Array<(m: ReceivedMail) => void> = []
  let taken = 0
  const users = options.users
  const server = new SMTPServer({
    // Plain connections unless asked: nodemailer trusts the stand-in's certificate only when told to.
    hideSTARTTLS: options.starttls !== true,
    allowInsecureAuth: true,
    authOptional: users === undefined,
    ...(users === undefined ? { disabledCommands: ['AUTH'] } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (users !== undefined && auth.username !== undefined && users[auth.username] === auth.password) callback(null, { user: auth.username })
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse === true) callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const { headers, text } = parse(Buffer.concat(chunks).toString('utf8'))
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
          secure: session.secure,
          headers,
          subject: headers['subject'] ?? '',
          text,
        }
        received.push(mail)
        const w = waiting.shift()
        if (w !== undefined) {
          taken++
          w(mail)
        }
        callback()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    next: (timeoutMs = 5_000) =>
      taken < received.length
        ? Promise.resolve(received[taken++]!)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no mail arrived at the stand-in')), timeoutMs)
            waiting.push((m) => {
              clearTimeout(timer)
              resolve(m)
            })
          }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** A server that accepts connections and says nothing: the client's greeting timeout must end the wait. */
export const silentSmtpServer = async (): Promise<{ port: number; close(): Promise<void> }> => {
  const sockets = new Set<Socket>()
  const server: Server = createServer((s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => {})
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

/** A loopback port nothing listens on (a server that is down). */
export const closedPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((r) => server.close(() => r()))
  return port
}
