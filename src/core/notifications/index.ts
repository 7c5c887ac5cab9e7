/**
 * Telling people: a notice goes by mail when the server sends mail. A failed
 * mail is reported in the delivery, never a failure of what caused it.
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notice, NoticeDelivery } from '../domain/notice.js'
import type { Mailer } from '../ports/mailer.js'
import { mailOf } from './notice-mail.js'

export interface NotifyDeps {
  readonly mailer?: Mailer
}

/** Sends a notice; never fails (a refused mail is `mailProblem`). */
export const notify =
  (deps: NotifyDeps) =>
  (notice: Notice): T.Task<NoticeDelivery> => {
    const mailer = deps.mailer
    if (mailer === undefined) return T.of({ mailed: false, mailProblem: null })
    return pipe(
      mailer.send(mailOf(notice)),
      TE.match(
        (problem): NoticeDelivery => ({ mailed: false, mailProblem: problem }),
        (): NoticeDelivery => ({ mailed: true, mailProblem: null }),
      ),
    )
  }

export type { Notice, NoticeDelivery } from '../domain/notice.js'
