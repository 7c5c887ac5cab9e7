/**
 * Spoken languages, as uploads name them: an ISO 639 code (639-1's two letters,
 * or 639-2/3's three for languages without one), lowercase, optionally with an
 * ISO 3166 region in capitals (`en`, `de`, `yue`, `pt-BR`); or `auto` to have
 * the speech-to-text engine detect it.
 */
export const AUTO_LANGUAGE = 'auto'

const CODE = /^[a-z]{2,3}(-[A-Z]{2})?$/
/** The same shape, for documentation (OpenAPI `pattern`). */
export const LANGUAGE_REQUEST_PATTERN = '^(auto|[a-z]{2,3}(-[A-Z]{2})?)$'

export const isLanguageCode = (value: string): boolean => CODE.test(value)
export const isLanguageRequest = (value: string): boolean => value === AUTO_LANGUAGE || isLanguageCode(value)

/** The language without its region: `pt-BR` → `pt`. */
export const baseLanguage = (code: string): string => code.split('-')[0]!

/** What an engine can transcribe: the base codes it knows, or `any`. */
export type Languages = ReadonlyArray<string> | 'any'

/** Whether an engine that knows `languages` can honour the request; `auto` it always can (it answers in a language it knows). */
export const canTranscribeIn = (languages: Languages, request: string): boolean =>
  request === AUTO_LANGUAGE || languages === 'any' || languages.includes(baseLanguage(request))

let names: Intl.DisplayNames | null | undefined
/** The language's English name (`de` → German) where the runtime knows it, else the code. */
export const languageName = (code: string): string => {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'language' })
    } catch {
      names = null
    }
  }
  try {
    return names?.of(code) ?? code
  } catch {
    return code
  }
}
