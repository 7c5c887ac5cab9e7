/** The settings that point a Notetaker server at both stand-ins (their addresses, apps and certificate). */
import type { GoogleStandin } from './google.js'
import type { MicrosoftStandin } from './microsoft.js'

export const standinSettings = (g: GoogleStandin, ms: MicrosoftStandin, options: { readonly caFile: string; readonly publicUrl: string }): Record<string, string> => ({
  NOTETAKER_PUBLIC_URL: options.publicUrl,
  NOTETAKER_ALLOW_PRIVATE_URLS: 'true',
  NOTETAKER_CALENDAR_CA_FILE: options.caFile,
  NOTETAKER_GOOGLE_CLIENT_ID: g.clientId,
  NOTETAKER_GOOGLE_CLIENT_SECRET: g.clientSecret,
  NOTETAKER_GOOGLE_AUTHORIZE_URL: g.authorizeUrl,
  NOTETAKER_GOOGLE_TOKEN_URL: g.tokenUrl,
  NOTETAKER_GOOGLE_USERINFO_URL: g.userinfoUrl,
  NOTETAKER_GOOGLE_API_BASE_URL: g.apiBaseUrl,
  NOTETAKER_MICROSOFT_CLIENT_ID: ms.clientId,
  NOTETAKER_MICROSOFT_CLIENT_SECRET: ms.clientSecret,
  NOTETAKER_MICROSOFT_LOGIN_BASE_URL: ms.loginBaseUrl,
  NOTETAKER_MICROSOFT_GRAPH_BASE_URL: ms.graphBaseUrl,
})
