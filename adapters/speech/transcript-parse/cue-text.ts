/**
 * WebVTT cue text as browsers show it (the text content of getCueAsHTML): tags removed and
 * their text kept, ruby annotations (`<rt>`) included, timestamp tags dropped, character
 * references decoded; voice spans (`<v Name>`) name the speaker of what follows. One pass over
 * the text, following the tokenizer of the WebVTT spec (§6.4): a tag runs to the next `>`, so
 * malformed ones such as `< u>` and `</ u>` vanish as in browsers.
 */
export interface VoiceSpan {
  readonly speaker: string | null
  text: string
}

const SPACE = new Set([' ', '\t', '\n', '\f'])
// The longest HTML character reference name is 31 characters; longer runs cannot be one.
const REFERENCE = /&(#[xX][0-9a-fA-F]{1,8}|#\d{1,8}|[A-Za-z][A-Za-z0-9]{0,31});/y

const decodeReference = (body: string, entities: Readonly<Record<string, string>>): string | null => {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null
  }
  return entities[`&${body};`] ?? null
}

/** Character references decoded, in one pass: `&amp;`, `&#233;`, `&#xE9;`; anything else stays as written. */
export const decodeReferences = (text: string, entities: Readonly<Record<string, string>>): string => {
  if (!text.includes('&')) return text
  let out = ''
  let from = 0
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    REFERENCE.lastIndex = i
    const m = REFERENCE.exec(text)
    const decoded = m === null ? null : decodeReference(m[1]!, entities)
    if (m === null || decoded === null) continue
    out += text.slice(from, i) + decoded
    from = i + m[0].length
    i = from - 1
  }
  return out + text.slice(from)
}

export const readCueText = (raw: string, entities: Readonly<Record<string, string>>): VoiceSpan[] => {
  const spans: VoiceSpan[] = [{ speaker: null, text: '' }]
  let text = ''
  let i = 0
  const flush = () => {
    spans[spans.length - 1]!.text += decodeReferences(text, entities)
    text = ''
  }
  while (i < raw.length) {
    const lt = raw.indexOf('<', i)
    if (lt < 0) {
      text += raw.slice(i)
      break
    }
    text += raw.slice(i, lt)
    const gt = raw.indexOf('>', lt + 1)
    const tag = raw.slice(lt + 1, gt < 0 ? raw.length : gt)
    i = gt < 0 ? raw.length : gt + 1
    // Start tag: a name, optional .classes, then after whitespace an annotation (the voice's name).
    let n = 0
    while (n < tag.length && !SPACE.has(tag[n]!) && tag[n] !== '.') n++
    if (tag.slice(0, n) === 'v') {
      let a = n
      while (a < tag.length && !SPACE.has(tag[a]!)) a++
      flush()
      const speaker = decodeReferences(tag.slice(a).replace(/\n/g, ' ').trim(), entities)
      spans.push({ speaker: speaker === '' ? null : speaker, text: '' })
    }
  }
  flush()
  return spans.filter((s, index) => index > 0 || s.text.trim() !== '')
}
