/**
 * Removes markup from SubRip cue text in one pass: HTML-like tags (`<i>`, `</font>`, and the
 * malformed `< u>` / `</ u>` other readers also strip, as pysubs2 does) and `{\an8}`-style
 * override codes. A `<` or `{\` never closed stays as text. The next closing character is
 * remembered, so text full of unclosed `<a` is still read in linear time.
 */
const TAG_START = /<\s{0,8}\/?\s{0,8}[a-zA-Z]/y

export const stripMarkup = (text: string): string => {
  if (!text.includes('<') && !text.includes('{')) return text
  let out = ''
  let from = 0
  const nextOf = { '>': -2, '}': -2 } // -2: not looked for yet; -1: none left
  const next = (c: '>' | '}', at: number): number => {
    if (nextOf[c] === -1 || nextOf[c] >= at) return nextOf[c]
    nextOf[c] = text.indexOf(c, at)
    return nextOf[c]
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    let close = -1
    if (c === '<') {
      TAG_START.lastIndex = i
      if (TAG_START.test(text)) close = next('>', i)
    } else if (c === '{' && text[i + 1] === '\\') close = next('}', i)
    if (close < 0) continue
    out += text.slice(from, i)
    from = close + 1
    i = close
  }
  return out + text.slice(from)
}
