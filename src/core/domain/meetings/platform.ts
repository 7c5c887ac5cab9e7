import * as O from 'fp-ts/lib/Option.js'
import * as t from 'io-ts'

/** The meeting platforms a bot can join. */
export const MeetingPlatform = t.keyof({ zoom: null, google_meet: null, microsoft_teams: null }, 'MeetingPlatform')
export type MeetingPlatform = t.TypeOf<typeof MeetingPlatform>

/**
 * The one place that decides whether a link is a join link of a supported
 * meeting platform. Meetings, bots and calendar sync all call it, so a link a
 * user can store is exactly a link a bot can open.
 *
 * The check is an allow-list on the parsed URL (scheme, host, port, path), with
 * the raw text screened first: a bot opens this URL in a browser, so anything a
 * parser might read two ways (backslashes, userinfo, whitespace, non-ASCII) is
 * refused rather than interpreted.
 */

export interface RecognisedLink {
  readonly platform: MeetingPlatform
  /** https, lowercase host, default port, no userinfo and no fragment. */
  readonly url: string
}

/** Longest link accepted; real join links are a few hundred characters at most. */
export const MAX_JOIN_LINK_LENGTH = 2048

export const JOIN_LINK_MESSAGE = 'must be a Zoom, Google Meet or Microsoft Teams join link'

export const PLATFORM_NAMES: Readonly<Record<MeetingPlatform, string>> = {
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  microsoft_teams: 'Microsoft Teams',
}

// Only printable ASCII without backslash: anything else is either not in a real
// join link or a way to make two parsers disagree about the host.
const SAFE_TEXT = /^https:\/\/[\x21-\x5b\x5d-\x7e]+$/i

// A single optional subdomain label, e.g. us02web.zoom.us or acme.zoom.us.
const ZOOM_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)?(?:zoom\.us|zoomgov\.com)$/
const ZOOM_PATH = /^\/(?:j\/\d{9,12}|w\/\d{9,12}|wc\/join\/\d{9,12}|my\/[A-Za-z0-9._-]{1,64})\/?$/
const MEET_PATH = /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}\/?$/
const TEAMS_MEETUP_PATH = /^\/l\/meetup-join\/[^/].*$/
const TEAMS_MEET_PATH = /^\/meet\/\d{6,20}\/?$/

const platformOf = (host: string, path: string): MeetingPlatform | null => {
  if (ZOOM_HOST.test(host)) return ZOOM_PATH.test(path) ? 'zoom' : null
  if (host === 'meet.google.com') return MEET_PATH.test(path) ? 'google_meet' : null
  if (host === 'teams.microsoft.com') {
    return TEAMS_MEETUP_PATH.test(path) || TEAMS_MEET_PATH.test(path) ? 'microsoft_teams' : null
  }
  if (host === 'teams.live.com') return TEAMS_MEET_PATH.test(path) ? 'microsoft_teams' : null
  return null
}

const parseUrl = (link: string): URL | null => {
  try {
    return new URL(link)
  } catch {
    return null
  }
}

/**
 * Recognises a Zoom, Google Meet or Microsoft Teams join link and returns its
 * platform with the link normalised; None for anything else (other schemes,
 * look-alike hosts, userinfo, explicit non-default ports, IP hosts, whitespace
 * or control characters, links over 2,048 characters).
 */
export const recognisePlatform = (link: string): O.Option<RecognisedLink> => {
  if (link.length > MAX_JOIN_LINK_LENGTH || !SAFE_TEXT.test(link)) return O.none
  const url = parseUrl(link)
  if (url === null || url.protocol !== 'https:') return O.none
  if (url.username !== '' || url.password !== '' || url.port !== '') return O.none
  const platform = platformOf(url.hostname, url.pathname)
  if (platform === null) return O.none
  return O.some({ platform, url: `https://${url.hostname}${url.pathname}${url.search}` })
}

export interface JoinLinkBrand {
  readonly JoinLink: unique symbol
}
/** A join link that recognisePlatform accepts, in its normalised form. */
export type JoinLink = t.Branded<string, JoinLinkBrand>

const isNormalisedJoinLink = (u: unknown): u is JoinLink =>
  typeof u === 'string' &&
  O.match(
    () => false,
    (r: RecognisedLink) => r.url === u,
  )(recognisePlatform(u))

/**
 * Decodes a string to the normalised join link (so what is stored is what a bot
 * opens); fails with JOIN_LINK_MESSAGE, which the HTTP adapter shows as
 * `details[].message`. A refinement of t.string, so schema generators that walk
 * codecs see a string (format uri).
 */
export const JoinLink = new t.RefinementType<t.StringC, JoinLink, string, unknown>(
  'JoinLink',
  isNormalisedJoinLink,
  (u, c) =>
    typeof u !== 'string'
      ? t.failure(u, c, JOIN_LINK_MESSAGE)
      : O.match(
          () => t.failure<JoinLink>(u, c, JOIN_LINK_MESSAGE),
          (r: RecognisedLink) => t.success(r.url as JoinLink),
        )(recognisePlatform(u)),
  (link) => link,
  t.string,
  (s: string) => O.isSome(recognisePlatform(s)),
)
