/**
 * Finding the join link in what a calendar says about an event: the texts a
 * provider gives (conference data first, then location and description), the
 * first link in them that is a supported join link, normalised. Shared by the
 * iCalendar, Google and Microsoft providers.
 */
import * as O from 'fp-ts/lib/Option.js'
import { recognisePlatform } from './platform.js'

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** HTML text with its character references undone, as far as they can appear around a link. */
export const decodeEntities = (html: string): string =>
  html.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    const code = ref[0] !== '#' ? null : ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    if (code === null) return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })

// Stops at characters that end a link in text, HTML attributes or <angle> brackets.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** Links mentioned in a piece of text, in order, with HTML's &amp; undone. */
export const linksInText = (text: string): string[] =>
  (text.match(URL_IN_TEXT) ?? []).map((l) => l.replace(TRAILING_PUNCTUATION, '').replace(/&amp;/g, '&'))

/** The first supported join link in the texts, in order, normalised; null when there is none. */
export const firstJoinLink = (texts: Iterable<string>): string | null => {
  for (const text of texts) {
    for (const link of linksInText(text)) {
      const found = recognisePlatform(link)
      if (O.isSome(found)) return found.value.url
    }
  }
  return null
}
