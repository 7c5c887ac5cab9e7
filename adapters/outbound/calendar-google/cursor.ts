/**
 * The cursor this adapter hands the core (which seals it): Google's sync
 * token and the window its full sync read. Google's incremental sync reports
 * changes only; it does not add the instances of a series that enter a
 * sliding window later, so a window reaching past what the token's full sync
 * read needs a new full sync.
 */
export interface GoogleCursor {
  readonly syncToken: string
  /** ISO: the full sync's timeMin and timeMax. */
  readonly from: string
  readonly to: string
}

const PREFIX = 'g1.'

export const encodeCursor = (c: GoogleCursor): string => PREFIX + Buffer.from(JSON.stringify({ t: c.syncToken, f: c.from, u: c.to })).toString('base64url')

/** The cursor, or null when it is not one of ours (then a full sync starts over). */
export const decodeCursor = (text: string): GoogleCursor | null => {
  if (!text.startsWith(PREFIX)) return null
  try {
    const j = JSON.parse(Buffer.from(text.slice(PREFIX.length), 'base64url').toString('utf8')) as { t?: unknown; f?: unknown; u?: unknown }
    return typeof j.t === 'string' && typeof j.f === 'string' && typeof j.u === 'string' ? { syncToken: j.t, from: j.f, to: j.u } : null
  } catch {
    return null
  }
}

const DAY_MS = 86_400_000

/**
 * How far a full sync reads: the window's end rounded up to the next UTC
 * midnight, so a window sliding with the clock keeps its token for up to a day.
 */
export const fullSyncEnd = (to: string): string => new Date(Math.ceil(Date.parse(to) / DAY_MS) * DAY_MS).toISOString()

/** Whether the token's full sync read all of the window. */
export const covers = (c: GoogleCursor, window: { readonly from: string; readonly to: string }): boolean =>
  Date.parse(c.from) <= Date.parse(window.from) && Date.parse(window.to) <= Date.parse(c.to)
