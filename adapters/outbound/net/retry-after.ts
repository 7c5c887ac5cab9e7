/**
 * Retry-After (RFC 9110 §10.2.3) as seconds: a number of seconds or an HTTP date, read against
 * `now` (ms); null when absent or unreadable. Webhook receivers and calendar providers send it.
 */
export const readRetryAfter = (value: string | undefined, now = Date.now()): number | null => {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d{1,9}$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}
