import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarConnection, connectionName, OAUTH_PROVIDER_NAMES, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import type { AccountStore } from '../ports/account-store.js'
import { notify, type NotifyDeps } from '../notifications/index.js'

/** Where the web app's Reconnect is. */
const CALENDAR_SETTINGS = '/settings/calendars'

/** What a connection's owner is told about it. */
export interface OwnerNotices {
  /** The calendar lost its permission: reconnect it. Never fails (a store or mail that fails loses only the notice). */
  reconnect(c: CalendarConnection & { readonly provider: OAuthProviderKind }, reason: string): T.Task<void>
}

/** Tells the owner of a connection in the app and by mail (the account's own email, not the provider account's). */
export const ownerNotices = (deps: NotifyDeps & { readonly accounts: Pick<AccountStore, 'findById' | 'findByEmail'>; readonly publicUrl?: string }): OwnerNotices => ({
  reconnect: (c, reason) =>
    pipe(
      deps.accounts.findById(c.accountId),
      TE.match(() => O.none, (found) => found),
      T.flatMap(
        O.match(
          () => T.of(undefined),
          (account) =>
            T.map(() => undefined)(
              notify(deps)({
                kind: 'calendar-reconnect',
                to: account.email,
                calendarName: connectionName(c),
                providerName: OAUTH_PROVIDER_NAMES[c.provider],
                reason,
                link: `${(deps.publicUrl ?? '').replace(/\/+$/, '')}${CALENDAR_SETTINGS}`,
              }),
            ),
        ),
      ),
    ),
})
