import * as O from 'fp-ts/lib/Option.js'
import type ICAL from 'ical.js'
import { recognisePlatform } from '../../../src/core/domain/meetings/platform.js'

type Component = InstanceType<typeof ICAL.Component>

/**
 * Where calendars put the join link, most specific first: conference
 * properties are written by the meeting integration itself, while URL,
 * LOCATION and DESCRIPTION are free text that may mention other links.
 */
const LINK_PROPERTIES = [
  'x-google-conference',
  'x-microsoft-skypeteamsmeetingurl',
  'x-microsoft-onlinemeetingconflink',
  'conference',
  'url',
  'location',
  'description',
  'x-alt-desc', // Outlook's HTML body, where a Teams link may be the only copy
] as const

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** HTML text with its character references undone, as far as they can appear around a link. */
const decodeEntities = (html: string): string =>
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

const propertyTexts = (event: Component, name: string): string[] =>
  event.getAllProperties(name).flatMap((p) => p.getValues().map((v) => (name === 'x-alt-desc' ? decodeEntities(String(v)) : String(v))))

/** The first supported join link in the event, normalised; null when there is none. */
export const findJoinLink = (event: Component): string | null => {
  for (const name of LINK_PROPERTIES) {
    for (const text of propertyTexts(event, name)) {
      for (const link of linksInText(text)) {
        const found = recognisePlatform(link)
        if (O.isSome(found)) return found.value.url
      }
    }
  }
  return null
}
