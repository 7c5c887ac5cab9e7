import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type CalendarConnection, cleanConnectionName, OAUTH_PROVIDER_NAMES, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import { type AppError, invalidField, notFound, unavailable } from '../errors.js'
import type { CalendarOAuth, OAuthGrant, ProviderCalendar } from '../ports/calendar-oauth.js'
import type { CalendarFailure } from '../ports/calendar-provider.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import { requireWriter } from '../identity/index.js'
import { newConnection } from './new-connection.js'
import { sealGrant } from './oauth-grant.js'
import { openState, type OAuthState } from './oauth-state.js'
import { configuredOAuth, type OAuthFlowDeps } from './start-oauth-connection.js'
import { queueSync } from './sync-calendar-job.js'

export interface FinishDeps extends OAuthFlowDeps {
  readonly jobs: JobQueue
  readonly ids: Ids
}

/** What the provider sent the browser back with (the callback's query). */
export interface OAuthCallback {
  readonly code?: string
  readonly state?: string
  /** The provider's error code, e.g. `access_denied` when the person said no. */
  readonly error?: string
}

export interface OAuthFinished {
  readonly connection: CalendarConnection
  /** true: an existing connection of this calendar got the new permission (its meetings kept). */
  readonly reconnected: boolean
}

/**
 * A provider's failure during the round trip: one that may pass (an outage, a rate limit) is a
 * 503 to try again; any other (a code expired or used, a refused client) is a 422 saying what to do.
 */
const asAppError = (provider: OAuthProviderKind, f: CalendarFailure): AppError =>
  f.retryable
    ? unavailable(`${OAUTH_PROVIDER_NAMES[provider]} could not finish the connection: ${f.message}`, f.retryAfterSeconds)
    : invalidField('code', f.message.replace(/\.$/, ''))

const refusal = (provider: OAuthProviderKind, error: string): AppError => {
  const code = error.replace(/[^a-z_]/gi, '').slice(0, 40)
  return invalidField(
    'error',
    code === 'access_denied'
      ? `Access to the calendar was not granted at ${OAUTH_PROVIDER_NAMES[provider]}, so nothing was connected`
      : `${OAUTH_PROVIDER_NAMES[provider]} refused the connection (${code || 'no reason given'}), so nothing was connected`,
  )
}

/** The primary calendar, else the first; none is a 422 (an account without a calendar). */
const mainCalendar = (provider: OAuthProviderKind, calendars: ReadonlyArray<ProviderCalendar>): TE.TaskEither<AppError, ProviderCalendar> =>
  TE.fromNullable(invalidField('code', `The ${OAUTH_PROVIDER_NAMES[provider]} account has no calendar this server may read`))(
    calendars.find((c) => c.primary) ?? calendars[0],
  )

/**
 * Finishes a connection after consent: checks the state (this server's, this
 * account's, not expired), trades the code for a grant, reads who granted it
 * and their calendars, and stores the connection with the primary calendar,
 * its grant sealed. A reconnect (or the same calendar connected again) gives
 * the existing connection the new grant instead, keeping its meetings. Either
 * way a sync is queued at once.
 */
export const finishOAuthConnection =
  (deps: FinishDeps) =>
  (actor: Actor, provider: string, callback: OAuthCallback): TE.TaskEither<AppError, OAuthFinished> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(configuredOAuth(deps, provider))),
      TE.bindTo('oauth'),
      TE.bind('state', ({ oauth }) => TE.fromEither(openState(deps.secretBox, deps.clock.now())(callback.state, oauth.provider, actor.accountId))),
      TE.tap(({ oauth }) => (callback.error === undefined ? TE.right(undefined) : TE.left(refusal(oauth.provider, callback.error)))),
      TE.bind('code', ({ oauth }) =>
        TE.fromNullable(invalidField('code', `The answer from ${OAUTH_PROVIDER_NAMES[oauth.provider]} has no code; start again from Settings → Calendars`))(
          callback.code === '' ? undefined : callback.code,
        ),
      ),
      TE.bind('grant', ({ oauth, state, code }) => TE.mapLeft((f: CalendarFailure) => asAppError(oauth.provider, f))(oauth.exchangeCode(code, state.verifier))),
      TE.bind('email', ({ oauth, grant }) => TE.mapLeft((f: CalendarFailure) => asAppError(oauth.provider, f))(oauth.accountEmail(grant.accessToken))),
      TE.flatMap(({ oauth, state, grant, email }) => connect(deps, actor, oauth, state, grant, email)),
      TE.tap(({ connection: c }) => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null })),
    )

const connect = (
  deps: FinishDeps,
  actor: Actor,
  oauth: CalendarOAuth,
  state: OAuthState,
  grant: OAuthGrant,
  email: string,
): TE.TaskEither<AppError, OAuthFinished> => {
  const now = deps.clock.now().toISOString()
  const sealedCredential = sealGrant(deps.secretBox, grant)
  const renewed = (cur: CalendarConnection): CalendarConnection => ({
    ...cur,
    accountEmail: email,
    sealedCredential,
    status: 'pending',
    lastError: null,
    consecutiveFailures: 0,
    nextSyncAt: null,
    // A channel paused while the grant was revoked: due now, so the next sync renews it with the new grant.
    push: cur.push === null ? null : { ...cur.push, expiresAt: now },
    updatedAt: now,
  })
  const reconnect = (id: string) =>
    pipe(
      deps.calendarConnections.update(actor.accountId, id, renewed),
      TE.flatMap(TE.fromOption(() => notFound('Calendar connection'))),
      TE.map((connection) => ({ connection, reconnected: true })),
    )
  if (state.connectionId !== undefined) return reconnect(state.connectionId)
  return pipe(
    TE.mapLeft((f: CalendarFailure) => asAppError(oauth.provider, f))(oauth.calendars(grant.accessToken)),
    TE.flatMap((calendars) => mainCalendar(oauth.provider, calendars)),
    TE.flatMap((calendar) =>
      pipe(
        deps.calendarConnections.list(actor.accountId),
        TE.map((all) => O.fromNullable(all.find((c) => c.provider === oauth.provider && c.calendarId === calendar.id))),
        TE.flatMap(
          O.match(
            () =>
              pipe(
                deps.calendarConnections.create(
                  newConnection({
                    id: deps.ids.uuid(),
                    accountId: actor.accountId,
                    provider: oauth.provider,
                    accountEmail: email,
                    calendarId: calendar.id,
                    feedName: cleanConnectionName(calendar.name),
                    sealedCredential,
                    now,
                    settings: {},
                  }),
                ),
                TE.map((connection) => ({ connection, reconnected: false })),
              ),
            (existing) => reconnect(existing.id),
          ),
        ),
      ),
    ),
  )
}
