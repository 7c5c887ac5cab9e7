import type { ParsedTranscript } from '../ports/transcript-parser.js'

/** At most this many skipped parts are quoted in the warning; the count always covers them all. */
const QUOTED = 5

/**
 * What the user should know about how a transcript file was read, in words: the parts left out
 * (counted, the first few quoted with their lines) and an encoding that had to be guessed.
 */
export const transcriptWarnings = (parsed: Pick<ParsedTranscript, 'skipped' | 'guessedEncoding'>): string[] => {
  const warnings: string[] = []
  const n = parsed.skipped.length
  if (n > 0) {
    const quoted = parsed.skipped.slice(0, QUOTED).map((s) => s.message).join('; ')
    const more = n > QUOTED ? `; and ${(n - QUOTED).toLocaleString('en')} more` : ''
    warnings.push(`${n.toLocaleString('en')} ${n === 1 ? 'part' : 'parts'} of the file could not be read and ${n === 1 ? 'was' : 'were'} left out (${quoted}${more})`)
  }
  if (parsed.guessedEncoding !== null)
    warnings.push(
      `the file is not UTF-8 and has no byte order mark; it was read as ${parsed.guessedEncoding} (if characters look wrong, save it as UTF-8 and upload it again)`,
    )
  return warnings
}
