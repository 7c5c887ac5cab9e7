/**
 * A failure's words as a user reads them: what went wrong, without where it
 * happened on the server. Absolute paths (which name the data folder, the
 * account and the upload) become "the file"; the `[demuxer @ 0x55…]` prefixes
 * and memory addresses of libraries such as ffmpeg are dropped; the lines a
 * tool printed are joined as sentences. The full text belongs in the log.
 */
const LIBRARY_PREFIX = /\[[^\]\n]{1,80} @ 0x[0-9a-f]+\]\s*/gi
const ADDRESS = /\b0x[0-9a-f]{6,}\b/gi
const POSIX_PATH = /(?<![\w.~-])\/(?:[^\s/'"|,;()[\]]+\/)+[^\s/'"|,;()[\]:]*/g
const WINDOWS_PATH = /\b[A-Za-z]:\\(?:[^\s\\'"|,;()]+\\)*[^\s\\'"|,;():]*/g
const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi
/** ffmpeg's line for input it cannot open: after "the file is not audio Notetaker can read" it adds nothing. */
const INVALID_INPUT_LINE = /(?:^|[;:]\s*)the file: Invalid data found when processing input(?=;|$)/g

export const inUserWords = (text: string): string => {
  // URLs are kept whole: their path is the user's own (a join link, a feed address).
  const urls: string[] = []
  const kept = text.replace(URL_LIKE, (url) => `\u0000${urls.push(url) - 1}\u0000`)
  const cleaned = kept
    .replace(LIBRARY_PREFIX, '')
    .replace(POSIX_PATH, 'the file')
    .replace(WINDOWS_PATH, 'the file')
    .replace(ADDRESS, '')
    .replace(/\s*\|\s*/g, '; ')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(INVALID_INPUT_LINE, '')
    .replace(/[:;]\s*$/, '')
    .trim()
  return cleaned.replace(/\u0000(\d+)\u0000/g, (_, i: string) => urls[Number(i)]!)
}
