import type { MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'
import type { CaptionSelectors } from '../page/watchers.js'

/**
 * How the runner recognises a page state: a CSS selector of a visible element,
 * or `text=<phrase>` found (case-insensitively) in the page's visible text.
 */
export type Marker = string

/** Page states the join and in-call loops tell apart, in the order they are checked. */
export const PAGE_STATES = ['notFound', 'denied', 'removed', 'ended', 'inCall', 'waiting', 'launcher', 'prejoin'] as const
export type PageState = (typeof PAGE_STATES)[number]

/**
 * All of one platform's page knowledge, as data. The shared join / in-call code
 * knows no platform: when a platform changes its pages, only its module changes.
 *
 * Click targets are Playwright selectors (CSS, plus `:has-text("...")`);
 * markers and watch selectors run in the page and must be plain CSS (or `text=`).
 */
export interface PlatformProfile {
  readonly platform: MeetingPlatform
  readonly label: string
  /** Rewrites an invitation link into the URL the bot opens (e.g. straight to the web client). */
  readonly joinUrl: (link: string) => string
  readonly markers: Readonly<Record<PageState, ReadonlyArray<Marker>>>
  readonly launcher: {
    /** Leaves an "open the desktop app?" launcher for the in-browser client. */
    readonly continueInBrowser: string
  }
  readonly prejoin: {
    /** Pop-ups that may cover the pre-join screen; clicked away when seen. */
    readonly dismiss: string | null
    readonly nameInput: string
    /** A control shown only while the camera is on, which turns it off. */
    readonly cameraOff: string
    /** A control shown only while the microphone is on, which turns it off. */
    readonly micOff: string
    readonly join: string
  }
  readonly inCall: {
    /** Pop-ups that may show up during the call (consent notices, tips); clicked away when seen. */
    readonly dismiss: string | null
    /** Clicked in order (each only if it shows up) to turn the platform's captions on. */
    readonly captionsOn: ReadonlyArray<string>
    readonly leave: string
    /** A confirmation some platforms ask for after the leave button. */
    readonly leaveConfirm: string | null
  }
  readonly watch: {
    readonly speakingTile: string | null
    readonly tileName: string | null
    readonly nameAttribute: string | null
    readonly participantTile: string | null
    readonly selfTile: string | null
    readonly participantCounter: string | null
    readonly captions: CaptionSelectors | null
  }
}

/** Parses a link, or null. */
export const parseUrl = (link: string): URL | null => {
  try {
    return new URL(link)
  } catch {
    return null
  }
}
