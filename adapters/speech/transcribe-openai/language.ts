import { AUTO_LANGUAGE, isLanguageCode } from '../../../src/core/domain/recordings/language.js'

/** What goes in the request's `language` field: the upload's code, none for `auto` (the server detects), else the configured default. */
export const requestedLanguage = (asked: string | undefined, configured: string | undefined): string | undefined =>
  asked === AUTO_LANGUAGE ? undefined : (asked ?? configured)

// Whisper's names that are not the English name of their ISO code.
const ALIASES: Readonly<Record<string, string>> = {
  myanmar: 'my', castilian: 'es', valencian: 'ca', flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps',
  panjabi: 'pa', moldavian: 'ro', moldovan: 'ro', sinhalese: 'si', mandarin: 'zh',
}
// Languages Whisper knows that have no two-letter code.
const THREE_LETTER = ['haw', 'yue']

let byName: Map<string, string> | undefined
/** English language names (lowercase) to codes, from the runtime's own names for every two-letter code. */
const codesByName = (): Map<string, string> => {
  if (byName !== undefined) return byName
  byName = new Map(Object.entries(ALIASES))
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const codes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).concat(THREE_LETTER)
    for (const code of codes) {
      const name = names.of(code)
      if (name !== undefined && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code)
    }
  } catch {
    // no ICU data: only codes and aliases are understood
  }
  return byName
}

/**
 * The answer's `language` as a code: servers built on faster-whisper or whisper.cpp
 * say `en`, OpenAI says `english`. Undefined when it is neither.
 */
export const languageCodeOf = (said: string | null | undefined): string | undefined => {
  if (said === undefined || said === null) return undefined
  const trimmed = said.trim()
  if (isLanguageCode(trimmed)) return trimmed
  return codesByName().get(trimmed.toLowerCase())
}
