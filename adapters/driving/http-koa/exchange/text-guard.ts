import type { FieldIssue } from '../../../../src/core/errors.js'

/**
 * The one check every text a request carries passes, whatever the store
 * behind it: JSON body strings (at any depth) and query parameters.
 *
 * - U+0000 and the other C0 control characters are refused (Postgres cannot
 *   store NUL in text; the others are invisible and break exports). Tab, line
 *   feed and carriage return are taken only by multi-line fields.
 * - An unpaired UTF-16 surrogate (`"\ud800"` in JSON) is refused: no store can
 *   keep it, and both would silently change it to U+FFFD. The noncharacters
 *   U+FFFE and U+FFFF are valid text and are kept.
 * - No text is longer than MAX_TEXT_LENGTH characters; fields with a tighter
 *   limit say so in their own codecs.
 */
export const MAX_TEXT_LENGTH = 10_000

/** Fields whose text may run over several lines (and a password, which is taken as typed). */
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['description', 'password', 'shortSummary', 'detailedSummary'])

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/
const LINE_CONTROL = /[\t\n\r]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const codePoint = (c: string): string => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

/** What is wrong with one text, in words, or null when nothing is. */
export const textProblem = (text: string, multiLine: boolean): string | null => {
  const control = CONTROL.exec(text) ?? (multiLine ? null : LINE_CONTROL.exec(text))
  if (control !== null) {
    const which = codePoint(control[0])
    const why = LINE_CONTROL.test(control[0])
      ? 'this field is one line of text'
      : multiLine
        ? 'of the control characters only tab, line feed and carriage return are allowed'
        : 'control characters are not text'
    return `must not contain the control character ${which} (character ${control.index + 1}); ${why}`
  }
  const surrogate = LONE_SURROGATE.exec(text)
  if (surrogate !== null) return `contains an unpaired UTF-16 surrogate ${codePoint(surrogate[0])} (character ${surrogate.index + 1}), which is not text`
  if (text.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters`
  return null
}

const isMultiLine = (path: ReadonlyArray<string>): boolean => {
  const field = path.findLast((part) => !/^\d+$/.test(part))
  return field !== undefined && MULTI_LINE_FIELDS.has(field)
}

/** The texts of a parsed JSON body that fail `textProblem`, each at its path (`attendees.0.name`). */
export const bodyTextIssues = (body: unknown): FieldIssue[] => {
  const issues: FieldIssue[] = []
  const walk = (value: unknown, path: string[]): void => {
    if (typeof value === 'string') {
      const problem = textProblem(value, isMultiLine(path))
      if (problem !== null) issues.push({ path: path.join('.') || '(body)', message: problem })
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, String(i)]))
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key])
    }
  }
  walk(body, [])
  return issues
}
