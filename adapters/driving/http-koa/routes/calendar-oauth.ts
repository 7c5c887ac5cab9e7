/**
 * Google and Microsoft calendars over OAuth: which providers this server can connect, the consent
 * round trip (start, then the callback the provider sends the browser back to), the calendars a
 * connection may read, and the public route the providers push change notifications to.
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { OAUTH_PROVIDERS } from '../../../../src/core/domain/meetings/calendar-connection.js'
import { wholePage } from '../../../../src/core/domain/page.js'
import { type AppError, badRequest } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { errorResponse } from '../dispatch/envelope.js'
import { optionalText, uuidPath, wordPath } from '../dispatch/params.js'
import { type Reply, route } from '../route.js'
import {
  AuthorizationStartCodec,
  connectionView,
  OAuthFinishedCodec,
  OAuthProviderListCodec,
  OAuthStartBody,
  PROVIDER_DOWN,
  ProviderCalendarListCodec,
} from '../contract/calendar.js'

const provider = wordPath({ words: OAUTH_PROVIDERS, description: 'The calendar provider: `google` or `microsoft`.' })

const NOT_SET_UP = 'The provider is not set up on this server: the message names the settings its operator sets (details[].path `provider`).'

/** Where the web app shows the outcome of a consent round trip. */
const SETTINGS_PAGE = '/settings/calendars'

/** Push notifications are small (Graph batches a few items); a bigger body is not one. */
const MAX_PUSH_BYTES = 256 * 1024

const readText = async (raw: AsyncIterable<Uint8Array>, max: number): Promise<string | null> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of raw) {
    size += chunk.length
    if (size > max) return null
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks).toString('utf8')
}

const firstValues = (headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]))

const wantsPage = (headers: Readonly<Record<string, string | string[] | undefined>>): boolean => {
  const accept = headers['accept']
  return (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).includes('text/html')
}

const redirect = (location: string) => ({ status: 303, stream: null, headers: { location, 'cache-control': 'no-store' } })

export const calendarOAuthRoutes = (core: Core) => [
  route({
    operationId: 'listCalendarProviders', method: 'get', path: '/calendar/providers', tag: 'Calendars', access: 'read',
    summary: 'Which calendar providers can be connected with OAuth',
    description: 'Google Calendar and Microsoft 365, each with whether this server is set up to connect it (its operator sets a client id, secret and redirect address; see docs/calendars.md). iCalendar feeds can always be connected (POST /calendar/connections).',
    success: { status: 200, description: 'Both providers, whole (not paged).', data: OAuthProviderListCodec },
    handle: () => {
      const rows = [...core.calendar.oauthProviders()]
      return TE.right({ data: { ...wholePage(rows), rows } })
    },
  }),
  route({
    operationId: 'startCalendarOAuth', method: 'post', path: '/calendar/connections/oauth/{provider}/start', tag: 'Calendars', access: 'write',
    summary: 'Begin connecting a Google or Microsoft calendar',
    description:
      "Answers the provider's consent page (authorization code with PKCE; read-only calendar access) for the person's browser, and a `state` sealed to this account that lasts 10 minutes. After consent the provider sends the browser to the callback (GET /calendar/oauth/{provider}/callback), which makes the connection. With `connectionId`, the consent renews that connection's permission (Reconnect) and keeps its meetings. Needs a session or a key with full access.",
    params: { provider },
    body: OAuthStartBody,
    errorNotes: { VALIDATION_ERROR: `${NOT_SET_UP} Or \`connectionId\` is a connection of another kind (details[].path \`connectionId\`).`, NOT_FOUND: 'No connection `connectionId` for this account.' },
    success: { status: 200, description: 'Where to send the browser.', data: AuthorizationStartCodec },
    handle: ({ actor, params, body }) => TE.map((data: { authorizationUrl: string; expiresAt: string }) => ({ data }))(core.calendar.startOAuth(actor, params.provider, body)),
  }),
  route({
    operationId: 'finishCalendarOAuth', method: 'get', path: '/calendar/oauth/{provider}/callback', tag: 'Calendars', access: 'write',
    summary: 'Finish connecting a Google or Microsoft calendar (the OAuth redirect address)',
    description: `The address registered with the provider as the redirect URI (NOTETAKER_GOOGLE_REDIRECT_URL, NOTETAKER_MICROSOFT_REDIRECT_URL). It needs the session that started the request: the \`state\` must be this server's, this account's and not expired. It trades the code for a grant (stored encrypted, never returned), reads the account's email and calendars, and connects the primary calendar (or gives an existing connection of the same calendar the new permission), then queues its first sync. A browser (Accept: text/html) is sent on to the web app's ${SETTINGS_PAGE} with \`connected=<id>\` (or \`reconnected=<id>\`), or \`calendarError=<what went wrong>\`; other clients get JSON. A provider that fails or does not answer gives 503 (INTERNAL_ERROR, with Retry-After when it set one).`,
    params: { provider },
    query: {
      code: optionalText({ maxLength: 4096, description: 'The authorization code.' }),
      state: optionalText({ maxLength: 4096, description: 'The state the start answered, as the provider sent it back.' }),
      error: optionalText({ maxLength: 200, description: 'The provider\'s error code instead of a code, e.g. `access_denied` when the person said no.' }),
    },
    unknownQuery: 'ignore',
    errorNotes: {
      VALIDATION_ERROR: `${NOT_SET_UP} Or the state is missing, not this server's, another account's or expired (\`state\`); the person refused (\`error\`); or the code is missing or was not accepted (\`code\`). Each says to start again.`,
      NOT_FOUND: 'The connection being reconnected was deleted meanwhile.',
    },
    success: {
      status: 201,
      description: 'Connected (or reconnected); JSON clients.',
      data: OAuthFinishedCodec,
      extraStatuses: [{ status: 303, description: `A browser is sent on to ${SETTINGS_PAGE} (Location), with the outcome in its query.`, headers: { Location: 'The web app page.' } }, PROVIDER_DOWN],
    },
    handle: ({ actor, params, query, headers }) => {
      const finished = pipe(
        core.calendar.finishOAuth(actor, params.provider, {
          ...(query.code === undefined ? {} : { code: query.code }),
          ...(query.state === undefined ? {} : { state: query.state }),
          ...(query.error === undefined ? {} : { error: query.error }),
        }),
        TE.flatMap(({ connection, reconnected }) =>
          TE.map((counts: Readonly<Record<string, number>>) => ({ connection: connectionView(connection, counts), reconnected }))(core.calendar.upcomingMeetings(actor)),
        ),
      )
      if (!wantsPage(headers)) return TE.map((data: { connection: ReturnType<typeof connectionView>; reconnected: boolean }) => ({ data }))(finished)
      return pipe(
        finished,
        TE.map(({ connection, reconnected }) => redirect(`${SETTINGS_PAGE}?${reconnected ? 'reconnected' : 'connected'}=${encodeURIComponent(connection.id)}`)),
        TE.orElse((e: AppError) => TE.right(redirect(`${SETTINGS_PAGE}?calendarError=${encodeURIComponent(errorResponse(e).body.error.message)}`))),
      )
    },
  }),
  route({
    operationId: 'listConnectionCalendars', method: 'get', path: '/calendar/connections/{id}/calendars', tag: 'Calendars', access: 'read',
    summary: 'The calendars a Google or Microsoft connection may read',
    description: "Asks the provider, with the connection's permission, which calendars it can read; `selected` marks the one the connection reads. PATCH the connection with another's `id` as `calendarId` to read that one instead.",
    params: { id: uuidPath('The connection id.') },
    errors: ['CONFLICT'],
    errorNotes: {
      NOT_FOUND: "No connection with this id for this account; another account's connection answers 404 too (NOT_FOUND).",
      VALIDATION_ERROR: 'The connection is an iCalendar feed, which is one calendar (details[].path `id`).',
      CONFLICT: "The connection's permission was revoked or has expired: reconnect it first (CONFLICT).",
    },
    success: { status: 200, description: 'Every calendar the permission can read, whole (not paged).', data: ProviderCalendarListCodec, extraStatuses: [PROVIDER_DOWN] },
    handle: ({ actor, params }) =>
      TE.map((rows: ReadonlyArray<{ id: string; name: string; primary: boolean; selected: boolean }>) => ({ data: { ...wholePage(rows), rows: [...rows] } }))(
        core.calendar.providerCalendars(actor, params.id),
      ),
  }),
  route({
    operationId: 'receiveCalendarPush', method: 'post', path: '/calendar/push/{provider}', tag: 'Calendars', access: 'public',
    summary: "The providers' change notifications (public)",
    description:
      "Where Google Calendar channels and Microsoft Graph subscriptions notify this server (NOTETAKER_PUBLIC_URL followed by /ext/v1/calendar/push/google or /microsoft; it must be reachable by the provider over https). Each notification is checked against the channel it names, its token compared in constant time, and trusted only as \"something changed\": it queues a sync of that calendar, which reads the change with the connection's own permission. Graph's validation request (`validationToken`) is answered with the token as text/plain.",
    params: { provider },
    query: { validationToken: optionalText({ maxLength: 1024, description: "Graph's validation request only: the token to echo." }) },
    unknownQuery: 'ignore',
    body: { bytes: 'application/json' },
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
    errorNotes: {
      BAD_REQUEST: 'Not a notification of this provider (no channel named), or a body over 256 KB (BAD_REQUEST).',
      NOT_FOUND: 'No channel of ours matches, or its token does not: the notification is ignored (NOT_FOUND, whichever the reason).',
    },
    success: {
      status: 202,
      description: 'Accepted: a sync of each calendar it names is queued. No body.',
      data: { stream: 'text/plain' },
      extraStatuses: [{ status: 200, description: "Graph's validation request: the validationToken echoed, as text/plain." }],
    },
    handle: ({ params, query, headers, raw }) => {
      const request = (body: string) => ({ headers: firstValues(headers), query: query.validationToken === undefined ? {} : { validationToken: query.validationToken }, body })
      return pipe(
        TE.fromTask(() => readText(raw, MAX_PUSH_BYTES)),
        TE.flatMap((body) => (body === null ? TE.left(badRequest('A notification is at most 256 KB')) : TE.right(body))),
        TE.flatMap((body) => core.calendar.receivePush(params.provider, request(body))),
        TE.map((answer): Reply<never> =>
          answer.kind === 'validation'
            ? { status: 200, stream: Buffer.from(answer.echo, 'utf8'), headers: { 'content-type': 'text/plain; charset=utf-8' } }
            : // An empty body rather than none: Koa turns a missing body into 204, and Graph expects 202.
              { status: 202, stream: Buffer.alloc(0), headers: { 'content-type': 'text/plain; charset=utf-8' } },
        ),
      )
    },
  }),
]
