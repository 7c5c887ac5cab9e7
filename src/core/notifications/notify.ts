import { sequenceT } from 'fp-ts/lib/Apply.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notice, NoticeDelivery } from '../domain/notice.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { Mailer } from '../ports/mailer.js'
import type { NotificationStore } from '../ports/notification-store.js'
import type { SecretBox } from '../ports/secret-box.js'
import { mailOf } from './notice-mail.js'
import { sentenceOf } from './notice-words.js'
import { storedLink } from './notification-links.js'

export interface NotifyDeps {
  /** Absent: no mail is sent (the inviter or sharer passes the link on). */
  readonly mailer?: Mailer
  /** Finds the account a notice's email belongs to, which is told in the app. */
  readonly accounts: Pick<AccountStore, 'findByEmail'>
  readonly notifications: NotificationStore
  /** Seals an invite's one-time link before it is stored. */
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly ids: Ids
}

/**
 * Stores a notification for the account with the notice's email, if there is one. A store that
 * fails loses only this notification: what caused the notice (an invite, a share) has happened.
 */
const tellInApp = (deps: NotifyDeps, notice: Notice): T.Task<void> =>
  pipe(
    deps.accounts.findByEmail(notice.to),
    TE.chain(
      O.match(
        () => TE.right<never, void>(undefined),
        (account) =>
          deps.notifications.add({
            id: deps.ids.uuid(),
            accountId: account.id,
            kind: notice.kind,
            text: sentenceOf(notice),
            link: storedLink(deps.secretBox, notice),
            createdAt: deps.clock.now().toISOString(),
            readAt: null,
          }),
      ),
    ),
    T.map(() => undefined),
  )

const mail = (mailer: Mailer | undefined, notice: Notice): T.Task<NoticeDelivery> =>
  mailer === undefined
    ? T.of({ mailed: false, mailProblem: null })
    : pipe(
        mailer.send(mailOf(notice)),
        TE.match(
          (problem): NoticeDelivery => ({ mailed: false, mailProblem: problem }),
          (): NoticeDelivery => ({ mailed: true, mailProblem: null }),
        ),
      )

/** Tells the notice's person in the app (when the email has an account) and by mail (when the server sends mail); never fails. */
export const notify =
  (deps: NotifyDeps) =>
  (notice: Notice): T.Task<NoticeDelivery> =>
    pipe(
      sequenceT(T.ApplyPar)(tellInApp(deps, notice), mail(deps.mailer, notice)),
      T.map(([, delivery]) => delivery),
    )
