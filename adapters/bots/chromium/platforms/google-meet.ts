import type { PlatformProfile } from './types.js'

/**
 * Google Meet (meet.google.com/abc-defg-hij), joined as a guest.
 *
 * Meet's class names are obfuscated and rotate with releases; prefer aria
 * labels, roles, data attributes and visible text, and keep the obfuscated
 * classes only as a second choice. Sources: how Meet's pages looked in
 * 2024-2025 as read by open-source bots (Vexa, Attendee) and caption
 * extensions; none of this is verified against the live site by our tests.
 */
export const googleMeet: PlatformProfile = {
  platform: 'google_meet',
  label: 'Google Meet',
  // Meet links open the pre-join screen directly; drop anything after the code except the query.
  joinUrl: (link) => link,
  markers: {
    notFound: ['text=Check your meeting code', 'text=Invalid video call name', 'text=Your meeting code has expired'],
    denied: [
      'text=denied your request to join',
      'text=No one responded to your request to join',
      "text=You can't join this video call", // Google refusing guests (or bots) outright
    ],
    removed: ["text=You've been removed from the meeting", 'text=removed you from the meeting'],
    ended: ['text=The call has ended', 'text=This call has ended', 'text=Meeting ended', 'text=You left the meeting'],
    // Only things that never appear in the lobby: participant tiles and presenting controls.
    inCall: ['[data-participant-id]', 'button[aria-label*="Present now"]', 'button[aria-label*="Share screen"]'],
    waiting: [
      'text=Asking to be let in',
      "text=You'll join the call when someone lets you in",
      'text=Please wait until a meeting host brings you into the call',
    ],
    launcher: [],
    prejoin: ['input[aria-label="Your name"]', 'text=Ask to join', 'text=Join now'],
  },
  launcher: { continueInBrowser: 'button:has-text("Continue")' },
  prejoin: {
    dismiss: 'button:has-text("Got it"), button:has-text("Dismiss")',
    nameInput: 'input[aria-label="Your name"], input[placeholder="Your name"]',
    cameraOff: '[role="button"][aria-label*="Turn off camera"], button[aria-label*="Turn off camera"]',
    micOff: '[role="button"][aria-label*="Turn off microphone"], button[aria-label*="Turn off microphone"]',
    join: 'button:has-text("Ask to join"), button:has-text("Join now"), button:has-text("Join the call now")',
  },
  inCall: {
    // "This meeting is being recorded" asks for a second "Join now"; tips say "Got it".
    dismiss: 'button:has-text("Got it"), [role="dialog"] button:has-text("Join now")',
    captionsOn: ['button[aria-label*="Turn on captions"]'],
    leave: 'button[aria-label*="Leave call"]',
    leaveConfirm: 'button:has-text("Just leave the call"), button:has-text("Leave meeting")',
  },
  watch: {
    // A tile is speaking while its audio-level indicator is lit (data attribute first, then known classes).
    speakingTile: [
      '[data-participant-id]:has([data-audio-level]:not([data-audio-level="0"]))',
      '[data-participant-id]:has(.Oaajhc, .HX2H7, .wEsLMd, .OgVli)',
    ].join(', '),
    tileName: 'span.notranslate, [data-self-name]',
    nameAttribute: null,
    participantTile: '[data-participant-id]',
    // The bot's own tile carries data-self-name and may read "You" rather than the bot's name.
    selfTile: '[data-participant-id]:has([data-self-name])',
    participantCounter: null,
    captions: {
      container: 'div[role="region"][aria-label="Captions"]',
      block: '.nMcdL',
      speaker: '.NWpY1d, .KcIKyf',
      text: '.ygicle, .bh44bd',
    },
  },
}
