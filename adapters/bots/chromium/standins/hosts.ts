import type { MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'

/** The real host names each stand-in answers for; Chromium is pointed at the stand-in with --host-resolver-rules. */
export const STANDIN_HOSTS: Readonly<Record<MeetingPlatform, ReadonlyArray<string>>> = {
  google_meet: ['meet.google.com'],
  microsoft_teams: ['teams.microsoft.com', 'teams.live.com'],
  zoom: ['zoom.us', 'us02web.zoom.us', 'app.zoom.us'],
}

export const ALL_STANDIN_HOSTS: ReadonlyArray<string> = Object.values(STANDIN_HOSTS).flat()

/**
 * `MAP host 127.0.0.1:port, ...` for every stand-in host (HTTPS on the stand-in's port instead of 443),
 * then every other name unresolvable: a test browser never reaches the internet.
 */
export const hostResolverRules = (port: number): string =>
  [...ALL_STANDIN_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`), 'MAP * ~NOTFOUND'].join(', ')

export const platformOfHost = (host: string): MeetingPlatform | null => {
  const name = host.replace(/:\d+$/, '').toLowerCase()
  for (const [platform, hosts] of Object.entries(STANDIN_HOSTS)) if (hosts.includes(name)) return platform as MeetingPlatform
  return null
}
