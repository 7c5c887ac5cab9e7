/**
 * Which OAuth calendar providers the settings set up: each needs its app's client id, its
 * secret and a redirect address (set, or derived from NOTETAKER_PUBLIC_URL). Half a pair stops
 * the start, in words; neither leaves the provider unconfigured.
 */
import type { OAuthProviderKind } from '../../core/domain/meetings/calendar-connection.js'

/** The settings this reads (a structural slice of Config, so this file need not import it). */
export interface OAuthProviderSettings {
  readonly NOTETAKER_PUBLIC_URL: string
  readonly NOTETAKER_GOOGLE_CLIENT_ID: string
  readonly NOTETAKER_GOOGLE_CLIENT_SECRET: string
  readonly NOTETAKER_GOOGLE_REDIRECT_URL: string
  readonly NOTETAKER_MICROSOFT_CLIENT_ID: string
  readonly NOTETAKER_MICROSOFT_CLIENT_SECRET: string
  readonly NOTETAKER_MICROSOFT_REDIRECT_URL: string
}

const PREFIX = { google: 'NOTETAKER_GOOGLE', microsoft: 'NOTETAKER_MICROSOFT' } as const
const TITLE = { google: 'Google', microsoft: 'Microsoft' } as const

/** The settings that set up each provider, for the answer that says a provider is not configured. */
export const OAUTH_PROVIDER_SETTINGS: Readonly<Record<OAuthProviderKind, ReadonlyArray<string>>> = {
  google: ['NOTETAKER_GOOGLE_CLIENT_ID', 'NOTETAKER_GOOGLE_CLIENT_SECRET', 'NOTETAKER_GOOGLE_REDIRECT_URL'],
  microsoft: ['NOTETAKER_MICROSOFT_CLIENT_ID', 'NOTETAKER_MICROSOFT_CLIENT_SECRET', 'NOTETAKER_MICROSOFT_REDIRECT_URL'],
}

/** The OAuth callback's path below the public address (the route the lead's HTTP adapter serves). */
export const oauthCallbackPath = (provider: OAuthProviderKind): string => `/ext/v1/calendar/oauth/${provider}/callback`

/** Where providers push change notifications, below the public address. */
export const pushPath = (provider: OAuthProviderKind): string => `/ext/v1/calendar/push/${provider}`

/** A provider's app as the settings give it; secret included, so never log it. */
export interface OAuthApp {
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUrl: string
}

const appOf = (config: OAuthProviderSettings, provider: OAuthProviderKind) => {
  const p = PREFIX[provider]
  const clientId = config[`${p}_CLIENT_ID`].trim()
  const clientSecret = config[`${p}_CLIENT_SECRET`].trim()
  const given = config[`${p}_REDIRECT_URL`]
  const redirectUrl = given !== '' ? given : config.NOTETAKER_PUBLIC_URL === '' ? '' : `${config.NOTETAKER_PUBLIC_URL}${oauthCallbackPath(provider)}`
  return { clientId, clientSecret, redirectUrl }
}

/** The provider's app when it is configured; null when its client id and secret are both unset. */
export const oauthApp = (config: OAuthProviderSettings, provider: OAuthProviderKind): OAuthApp | null => {
  const app = appOf(config, provider)
  return app.clientId !== '' && app.clientSecret !== '' && app.redirectUrl !== '' ? app : null
}

/** What keeps a provider from being set up, in words; never a value. */
export const oauthProviderProblems = (config: OAuthProviderSettings): string[] =>
  (['google', 'microsoft'] as const).flatMap((provider) => {
    const { clientId, clientSecret, redirectUrl } = appOf(config, provider)
    const [p, who] = [PREFIX[provider], TITLE[provider]]
    const orNeither = `(or set neither: ${who} calendars then cannot be connected)`
    if (clientId !== '' && clientSecret === '') return [`${p}_CLIENT_ID needs ${p}_CLIENT_SECRET, the ${who} app's client secret ${orNeither}`]
    if (clientId === '' && clientSecret !== '') return [`${p}_CLIENT_SECRET needs ${p}_CLIENT_ID, the ${who} app's client id ${orNeither}`]
    if (clientId !== '' && redirectUrl === '') {
      return [`${p}_CLIENT_ID needs ${p}_REDIRECT_URL, the callback address registered with the ${who} app, or NOTETAKER_PUBLIC_URL, from which it is made (<NOTETAKER_PUBLIC_URL>${oauthCallbackPath(provider)})`]
    }
    return []
  })
