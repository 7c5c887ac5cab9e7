/**
 * A download's Content-Disposition from the recording's title: a plain ASCII
 * `filename` any client reads (characters a file system or the header would
 * choke on become '-', others outside ASCII '_'), and the exact title in
 * `filename*` (RFC 6266 / 8187) for clients that read UTF-8.
 */
const MAX_STEM = 100

const stemOf = (title: string): string =>
  title
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, MAX_STEM)
    .trim()

export const safeFilename = (title: string, ext: string): string => `${stemOf(title) || 'recording'}.${ext}`

const asciiOnly = (name: string): string => name.replace(/[^\x20-\x7e]/g, '_')

const encode = (s: string): string => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

export const attachment = (title: string, ext: string): string => {
  const name = safeFilename(title, ext)
  const ascii = asciiOnly(name)
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encode(name)}`
}
