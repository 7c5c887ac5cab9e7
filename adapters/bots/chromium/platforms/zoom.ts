import { parseUrl, type PlatformProfile } from './types.js'

/**
 * Zoom, joined through the web client (no app, no SDK key).
 *
 * Zoom's web client uses readable BEM class names and ids. Sources: the web
 * client's pages as read by open-source bots (Vexa's zoom-web, 2025); not
 * verified against the live service by our tests. Zoom only shows who is
 * talking through its "active speaker" frame, and subtitles without names,
 * so captions are attributed to the active speaker.
 */

/**
 * Invitation links (https://us02web.zoom.us/j/<id>?pwd=...) open a launcher
 * that tries the desktop app; the web client lives at app.zoom.us/wc/<id>/join
 * (zoom.us/wc/join/<id> redirects there). The passcode travels along.
 */
const joinUrl = (link: string): string => {
  const url = parseUrl(link)
  if (url === null) return link
  const id = /^\/(?:j|w|wc\/join)\/(\d{9,12})\/?$/.exec(url.pathname)?.[1]
  if (id === undefined) return link
  const pwd = url.searchParams.get('pwd')
  return `https://app.zoom.us/wc/${id}/join${pwd === null ? '' : `?pwd=${encodeURIComponent(pwd)}`}`
}

export const zoom: PlatformProfile = {
  platform: 'zoom',
  label: 'Zoom',
  joinUrl,
  markers: {
    notFound: ['text=This meeting link is invalid', 'text=Meeting does not exist', 'text=Invalid meeting ID'],
    // Zoom has no "denied" screen of its own: a host removing someone from the waiting room
    // shows the removal text, which counts as denial before admission.
    denied: ['text=The host has denied your request'],
    removed: ['text=You have been removed', 'text=removed you from the meeting', 'text=removed from this meeting'],
    ended: ['text=This meeting has been ended by host', 'text=The meeting has ended', 'text=This meeting has ended'],
    inCall: ['#wc-footer button[aria-label="Leave"]', '.footer__leave-btn-container button'],
    waiting: [
      'text=Please wait, the meeting host will let you in soon',
      'text=Waiting for the host to start this meeting',
      "text=Host has joined. We've let them know you're here",
    ],
    launcher: [],
    prejoin: ['#input-for-name', 'button.preview-join-button'],
  },
  launcher: { continueInBrowser: 'a:has-text("Join from your browser"), button:has-text("Join from your browser")' },
  prejoin: {
    // Zoom asks first whether to use the microphone and camera: allowing it is what makes
    // Zoom join computer audio, without which no remote audio reaches the page.
    dismiss: '[role="dialog"] button:has-text("Allow"), button:has-text("Use microphone and camera")',
    nameInput: '#input-for-name',
    cameraOff: '#preview-video-control-button[aria-label="Stop Video"]',
    micOff: '#preview-audio-control-button[aria-label="Mute"]',
    join: 'button.preview-join-button',
  },
  inCall: {
    dismiss: 'button:has-text("Got it")',
    captionsOn: ['button[aria-label*="Show Captions" i], button[aria-label="Captions"]'],
    leave: '#wc-footer button[aria-label="Leave"], .footer__leave-btn-container button',
    leaveConfirm: 'button:has-text("Leave Meeting")',
  },
  watch: {
    // The big frame in speaker view, or the highlighted frame in gallery view.
    speakingTile: '.speaker-active-container__video-frame, .gallery-video-container__video-frame--active',
    tileName: '.video-avatar__avatar-footer',
    nameAttribute: null,
    participantTile: null,
    selfTile: null,
    // The footer's participants button shows the count, the bot included.
    participantCounter: '.footer-button__participants-icon .footer-button__number-counter',
    captions: {
      container: '#live-transcription-subtitle, .live-transcription-subtitle__box',
      block: '.live-transcription-subtitle__item',
      speaker: null,
      text: null,
    },
  },
}
