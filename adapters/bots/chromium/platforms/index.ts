import type { MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'
import { googleMeet } from './google-meet.js'
import { teams } from './teams.js'
import { zoom } from './zoom.js'
import type { PlatformProfile } from './types.js'

export type { PlatformProfile, PageState, Marker } from './types.js'
export { PAGE_STATES } from './types.js'

/** The page knowledge of every supported platform, by platform. */
export const PLATFORMS: Readonly<Record<MeetingPlatform, PlatformProfile>> = {
  google_meet: googleMeet,
  microsoft_teams: teams,
  zoom,
}
