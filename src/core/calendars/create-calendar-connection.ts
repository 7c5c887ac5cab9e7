import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import {
  type CalendarConnection,
  CONNECTION_PROVIDERS,
  calendarIdFor,
  type ConnectionProvider,
  FeedUrl,
  hostNameOf,
  isOAuthProvider,
  OAUTH_PROVIDER_NAMES,
} from '../domain/meetings/calendar-connection.js'
import { type AppError, invalidField, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { CalendarProvider, IcsCalendarSource } from '../ports/calendar-provider.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { SecretBox } from '../ports/secret-box.js'
import { type ConnectionSettings, vetConnectionSettings } from './calendar-connection-fields.js'
import { requireWriter } from '../identity/index.js'
import { newConnection } from './new-connection.js'
import { queueSync } from './sync-calendar-job.js'

export interface NewConnectionInput extends ConnectionSettings {
  readonly provider: ConnectionProvider
  /** The feed's secret address; stored sealed and never returned. */
  readonly url: string
}

export interface CreateConnectionDeps {
  readonly calendarConnections: CalendarConnectionStore
  readonly accounts: AccountStore
  readonly secretBox: SecretBox
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
  /** The provider of the connection's kind screens its address (vetSource); with none, the address is stored and its syncs fail readably. */
  readonly calendars?: ReadonlyArray<CalendarProvider>
}

const vetShape = (input: NewConnectionInput): E.Either<AppError, string> =>
  !Object.hasOwn(CONNECTION_PROVIDERS, input.provider)
    ? E.left(invalidField('provider', `must be one of: ${Object.keys(CONNECTION_PROVIDERS).join(', ')}`))
    : isOAuthProvider(input.provider)
      ? E.left(invalidField('provider', `${OAUTH_PROVIDER_NAMES[input.provider]} is connected with its owner's permission, not a feed address: POST /calendar/connections/oauth/${input.provider}/start (or "Connect" in Settings → Calendars)`))
      : FeedUrl.is(input.url)
      ? E.right(input.url.trim())
      : E.left(invalidField('url', 'must be the https, http or webcal address of an iCalendar feed'))

/**
 * The provider of the source's kind screens it: a scheme and a host this
 * server may read from (no private, loopback or cloud metadata address, per
 * the provider's policy). Refused is a 422 on `url`, in words that never show
 * the address.
 */
const vetSource = (deps: CreateConnectionDeps, source: IcsCalendarSource): E.Either<AppError, string> => {
  const vet = deps.calendars?.find((p) => p.kind === source.kind)?.vetSource
  if (vet === undefined) return E.right(source.url)
  return pipe(
    vet(source),
    E.bimap((reason) => invalidField('url', reason), (vetted) => vetted.url),
  )
}

/**
 * Connects a calendar: seals its address, stores the connection as `pending`
 * and queues its first sync at once. The same feed twice is a Conflict.
 */
export const createCalendarConnection =
  (deps: CreateConnectionDeps) =>
  (actor: Actor, input: NewConnectionInput): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(vetShape(input))),
      TE.flatMap((given) =>
        pipe(
          TE.Do,
          TE.apS('account', pipe(deps.accounts.findById(actor.accountId), TE.flatMap(TE.fromOption(() => notFound('Account'))))),
          TE.bind('url', ({ account }) => TE.fromEither(vetSource(deps, { kind: 'ics', url: given, ownerEmail: account.email }))),
          TE.apS('settings', TE.fromEither(vetConnectionSettings(input))),
          TE.flatMap(({ account, url, settings }) => {
            const now = deps.clock.now().toISOString()
            return deps.calendarConnections.create(
              newConnection({
                id: deps.ids.uuid(),
                accountId: actor.accountId,
                provider: 'ics',
                accountEmail: account.email,
                calendarId: calendarIdFor(url),
                // until the first sync reads the feed's own name
                feedName: hostNameOf(url),
                sealedCredential: deps.secretBox.seal(url),
                now,
                settings,
              }),
            )
          }),
        ),
      ),
      TE.tap((c) => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null })),
    )
