import chardet from 'chardet'
import iconv from 'iconv-lite'

export interface DecodedText {
  readonly text: string
  /** The encoding the bytes were read in, as iconv-lite names it (e.g. 'utf-8', 'utf-16le', 'windows-1252'). */
  readonly encoding: string
  /** True when the encoding was guessed from the bytes (no byte order mark, not valid UTF-8). */
  readonly guessed: boolean
}

const BOMS: ReadonlyArray<readonly [ReadonlyArray<number>, string]> = [
  // UTF-32 LE before UTF-16 LE: its mark starts with UTF-16 LE's.
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
]

const startsWith = (bytes: Uint8Array, mark: ReadonlyArray<number>) => mark.every((b, i) => bytes[i] === b)

// Latin text in UTF-16 or UTF-32 without a mark: every other (or three in four) byte is zero,
// which is also valid UTF-8, so it is recognised before the UTF-8 check.
const unmarkedWide = (b: Uint8Array): string | null => {
  if (b.length < 4) return null
  const z = (i: number) => b[i] === 0
  if (!z(0) && z(1) && z(2) && z(3)) return 'utf-32le'
  if (z(0) && z(1) && z(2) && !z(3)) return 'utf-32be'
  if (!z(0) && z(1) && !z(2) && z(3)) return 'utf-16le'
  if (z(0) && !z(1) && z(2) && !z(3)) return 'utf-16be'
  return null
}

const validUtf8 = (bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

// As browsers do (WHATWG Encoding), text labelled Latin-1 is read as Windows-1252, its superset
// for printable characters: 0x80-0x9F are curly quotes, dashes and the euro sign, not controls.
const BROWSER_ALIASES: Readonly<Record<string, string>> = { 'iso-8859-1': 'windows-1252', 'ascii': 'windows-1252' }

// chardet reads about a megabyte a second: it is shown a sample, the start and the middle of a
// large file, which is plenty to tell encodings apart.
const SAMPLE = 64 * 1024
const sampleOf = (bytes: Uint8Array): Uint8Array => {
  if (bytes.length <= 2 * SAMPLE) return bytes
  const middle = Math.floor(bytes.length / 2)
  const out = new Uint8Array(2 * SAMPLE)
  out.set(bytes.subarray(0, SAMPLE), 0)
  out.set(bytes.subarray(middle, middle + SAMPLE), SAMPLE)
  return out
}

/** chardet's guess when iconv-lite can decode it; Windows-1252 otherwise (the commonest 8-bit encoding of subtitles). */
const guess = (bytes: Uint8Array): string => {
  const detected = chardet.detect(sampleOf(bytes))?.toLowerCase() ?? null
  const name = detected === null ? 'windows-1252' : (BROWSER_ALIASES[detected] ?? detected)
  return name !== 'utf-8' && iconv.encodingExists(name) ? name : 'windows-1252'
}

/**
 * A text file's bytes as text: by byte order mark first (UTF-8, UTF-16 and UTF-32 in either
 * order), then as UTF-8 when the bytes are valid UTF-8, else in the encoding a charset detector
 * (chardet) names, falling back to Windows-1252. The mark is not part of the text.
 */
export const decodeText = (bytes: Uint8Array): DecodedText => {
  const marked = BOMS.find(([mark]) => startsWith(bytes, mark))
  if (marked !== undefined) return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset + marked[0].length, bytes.length - marked[0].length), marked[1]), encoding: marked[1], guessed: false }
  const wide = unmarkedWide(bytes)
  if (wide !== null) return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), wide), encoding: wide, guessed: true }
  const utf8 = validUtf8(bytes)
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8', guessed: false }
  const encoding = guess(bytes)
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), encoding), encoding, guessed: true }
}
