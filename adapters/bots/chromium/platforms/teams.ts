import { parseUrl, type PlatformProfile } from './types.js'

/**
 * Microsoft Teams, joined anonymously in the web client (work accounts'
 * teams.microsoft.com/l/meetup-join/... links and Teams free's
 * teams.live.com/meet/<id>?p=... links).
 *
 * Teams marks its controls with stable `data-tid` attributes, which is what we
 * rely on first. Sources: Teams v2 pages as read by open-source bots (Vexa,
 * MeetingBot) in 2024-2025; not verified against the live service by our tests.
 */

/**
 * A meetup-join link normally opens a launcher ("open the Teams app?"). The
 * web client's own route with `anon=true` skips it; if Microsoft changes the
 * route, the launcher step ("Continue on this browser") still gets us through.
 * teams.live.com links are left as they are.
 */
const joinUrl = (link: string): string => {
  const url = parseUrl(link)
  if (url === null || !url.pathname.startsWith('/l/meetup-join/')) return link
  const query = new URLSearchParams(url.search)
  query.set('anon', 'true')
  return `https://${url.host}/_#${url.pathname}?${query.toString()}`
}

export const teams: PlatformProfile = {
  platform: 'microsoft_teams',
  label: 'Microsoft Teams',
  joinUrl,
  markers: {
    notFound: ['text=This meeting link is invalid', "text=We couldn't find this meeting", "text=This meeting doesn't exist"],
    denied: ['text=you were denied access to the meeting', 'text=Your request to join was declined'],
    removed: ["text=You've been removed from this meeting", 'text=You have been removed from this meeting'],
    ended: ['text=The meeting has ended', 'text=Meeting ended', 'text=Call ended'],
    inCall: ['#hangup-button', 'button[data-tid="hangup-main-btn"]'],
    waiting: [
      'text=Someone will let you in shortly',
      'text=Someone in the meeting should let you in soon',
      "text=When the meeting starts, we'll let people know you're waiting",
      'text=Waiting for someone to let you in',
    ],
    launcher: ['button[data-tid="joinOnWeb"]', 'text=Continue on this browser'],
    prejoin: ['input[data-tid="prejoin-display-name-input"]', '#prejoin-join-button'],
  },
  launcher: { continueInBrowser: 'button[data-tid="joinOnWeb"], button:has-text("Continue on this browser")' },
  prejoin: {
    // Shown when the browser refused devices; the bot needs none to listen.
    dismiss: 'button:has-text("Continue without audio or video")',
    nameInput: 'input[data-tid="prejoin-display-name-input"], input[placeholder*="name" i]',
    cameraOff: '[data-tid="toggle-video"][aria-checked="true"], button[aria-label*="Turn off camera"], button[aria-label*="Turn camera off"]',
    micOff: '[data-tid="toggle-mute"][aria-checked="true"], button[aria-label*="Mute mic"], button[aria-label*="Turn off microphone"]',
    join: '#prejoin-join-button, button:has-text("Join now")',
  },
  inCall: {
    dismiss: null,
    // More → Language and speech → Turn on live captions.
    captionsOn: [
      '#callingButtons-showMoreBtn',
      '[role="menuitem"]:has-text("Language and speech")',
      '[role="menuitem"]:has-text("Turn on live captions"), [role="menuitemcheckbox"]:has-text("live captions")',
    ],
    leave: '#hangup-button, button[data-tid="hangup-main-btn"]',
    leaveConfirm: null,
  },
  watch: {
    // The voice-level outline of a speaking participant's tile says so in data-is-speaking (older builds: a class).
    speakingTile: [
      '[data-cid="calling-participant-stream"]:has([data-tid="voice-level-stream-outline"][data-is-speaking="true"])',
      '[data-cid="calling-participant-stream"]:has([data-tid="voice-level-stream-outline"].vdi-frame-occlusion)',
    ].join(', '),
    tileName: '[data-tid*="display-name"]',
    // Tiles are labelled "Name, ..." for screen readers.
    nameAttribute: 'aria-label',
    participantTile: '[data-cid="calling-participant-stream"]',
    selfTile: null,
    participantCounter: null,
    captions: {
      container: '[data-tid="closed-caption-renderer-wrapper"]',
      // Item wrappers differ between host and guest views; pair author and text by order instead.
      block: null,
      speaker: '[data-tid="author"]',
      text: '[data-tid="closed-caption-text"]',
    },
  },
}
