import type ICAL from 'ical.js'
import { decodeEntities, firstJoinLink } from '../../../src/core/domain/meetings/join-links.js'

export { linksInText } from '../../../src/core/domain/meetings/join-links.js'

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

const propertyTexts = (event: Component, name: string): string[] =>
  event.getAllProperties(name).flatMap((p) => p.getValues().map((v) => (name === 'x-alt-desc' ? decodeEntities(String(v)) : String(v))))

/** The first supported join link in the event, normalised; null when there is none. */
export const findJoinLink = (event: Component): string | null =>
  firstJoinLink(LINK_PROPERTIES.flatMap((name) => propertyTexts(event, name)))
