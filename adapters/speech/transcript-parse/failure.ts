import type { TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'

/** A failure that names its 1-based line in the message, as users read it in an editor. */
export const failAt = (line: number, message: string): TranscriptParseFailure => ({
  _tag: 'TranscriptParseFailure',
  line,
  message: `line ${line}: ${message}`,
})

export const failWhole = (message: string): TranscriptParseFailure => ({
  _tag: 'TranscriptParseFailure',
  line: null,
  message,
})

/** Quotes a line of the input for an error message, shortened so a huge line cannot flood logs. */
export const quote = (text: string): string => {
  const trimmed = text.trim()
  return `'${trimmed.length > 60 ? `${trimmed.slice(0, 57)}...` : trimmed}'`
}

/** Splits on every newline convention, dropping a byte order mark, keeping line numbers intact. */
export const splitLines = (text: string): string[] => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
