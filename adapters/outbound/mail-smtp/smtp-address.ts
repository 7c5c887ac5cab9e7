/** Where mail goes, read from an `smtp://` or `smtps://` address; the password stays here, never in words. */
export interface SmtpAddress {
  readonly host: string
  readonly port: number
  /** smtps: TLS from the first byte (port 465 by default); smtp: STARTTLS when the server offers it (587 by default). */
  readonly secure: boolean
  readonly auth: { readonly user: string; readonly pass: string } | null
}

/** The address's parts, or why it is not one (in words that never repeat it: it may hold a password). */
export const readSmtpAddress = (raw: string): { ok: true; value: SmtpAddress } | { ok: false; problem: string } => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, problem: 'must be an address like smtp://user:password@mail.example.com:587 or smtps://…:465' }
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return { ok: false, problem: 'must start with smtp:// (STARTTLS) or smtps:// (TLS)' }
  if (url.hostname === '') return { ok: false, problem: 'must name the mail server, e.g. smtp://mail.example.com:587' }
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') return { ok: false, problem: 'must be the mail server alone, without a path or query' }
  const secure = url.protocol === 'smtps:'
  const user = decodeURIComponent(url.username)
  return {
    ok: true,
    value: {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
      secure,
      auth: user === '' ? null : { user, pass: decodeURIComponent(url.password) },
    },
  }
}

/** "mail.example.com:587", for messages and logs. */
export const whereIs = (a: Pick<SmtpAddress, 'host' | 'port'>): string => `${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`
