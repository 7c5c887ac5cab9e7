import * as O from 'fp-ts/lib/Option.js'
import type ICAL from 'ical.js'
import { recognisePlatform } from '../../src/core/domain/platform.js'

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
] as const

// Stops at characters that end a link in text, HTML attributes or <angle> brackets.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** Links mentioned in a piece of text, in order, with HTML's &amp; undone. */
export const linksInText = (text: string): string[] =>
  (text.match(URL_IN_TEXT) ?? []).map((l) => l.replace(TRAILING_PUNCTUATION, '').replace(/&amp;/g, '&'))

const propertyTexts = (event: Component, name: string): string[] =>
  event.getAllProperties(name).flatMap((p) => p.getValues().map((v) => String(v)))

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
