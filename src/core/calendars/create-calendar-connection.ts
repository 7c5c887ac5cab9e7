import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import type { Actor } from '../domain/api-key.js'
import {
  type CalendarConnection,
  CONNECTION_PROVIDERS,
  calendarIdFor,
  type ConnectionProvider,
  DEFAULT_AUTO_JOIN,
  FeedUrl,
} from '../domain/calendar-connection.js'
import { type AppError, invalidField, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { SecretBox } from '../ports/secret-box.js'
import { type ConnectionSettings, vetConnectionSettings } from './calendar-connection-fields.js'
import { requireWriter } from '../identity/index.js'
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
}

const vetSource = (input: NewConnectionInput) =>
  !Object.hasOwn(CONNECTION_PROVIDERS, input.provider)
    ? TE.left(invalidField('provider', `must be one of: ${Object.keys(CONNECTION_PROVIDERS).join(', ')}`))
    : FeedUrl.is(input.url)
      ? TE.right(input.url.trim())
      : TE.left(invalidField('url', 'must be the https, http or webcal address of an iCalendar feed'))

/**
 * Connects a calendar: seals its address, stores the connection as `pending`
 * and queues its first sync at once. The same feed twice is a Conflict.
 */
export const createCalendarConnection =
  (deps: CreateConnectionDeps) =>
  (actor: Actor, input: NewConnectionInput): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => vetSource(input)),
      TE.flatMap((url) =>
        pipe(
          TE.Do,
          TE.apS('settings', TE.fromEither(vetConnectionSettings(input))),
          TE.apS('account', pipe(deps.accounts.findById(actor.accountId), TE.flatMap(TE.fromOption(() => notFound('Account'))))),
          TE.flatMap(({ settings, account }) => {
            const now = deps.clock.now().toISOString()
            return deps.calendarConnections.create({
              id: deps.ids.uuid(),
              accountId: actor.accountId,
              provider: input.provider,
              accountEmail: account.email,
              calendarId: calendarIdFor(url),
              status: 'pending',
              autoJoin: settings.autoJoin ?? DEFAULT_AUTO_JOIN,
              joinRules: settings.joinRules ?? [],
              barRules: settings.barRules ?? [],
              lastSyncedAt: null,
              lastError: null,
              createdAt: now,
              updatedAt: now,
              sealedUrl: deps.secretBox.seal(url),
              cursor: null,
              nextSyncAt: null,
              consecutiveFailures: 0,
            })
          }),
        ),
      ),
      TE.tap((c) => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null })),
    )
