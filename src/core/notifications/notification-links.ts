import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { Notice } from '../domain/notice.js'
import type { Notification } from '../domain/notification.js'
import type { SecretBox } from '../ports/secret-box.js'
import { pathOf } from './notice-words.js'

/** Where an invite's notification leads when its sealed link cannot be opened (the server's key changed). */
const ORGANIZATION_PAGE = '/settings/organization'

/**
 * The link a notification keeps. An invite's link holds its one-time token, so it is
 * stored sealed like every other secret, and opened only to be shown to its account.
 */
export const storedLink = (box: SecretBox, notice: Notice): string => {
  switch (notice.kind) {
    case 'organization-invite':
      return box.seal(pathOf(notice.link))
    case 'recording-shared':
      return `/recordings/${encodeURIComponent(notice.runId)}`
    case 'calendar-reconnect':
      return pathOf(notice.link)
  }
}

/** The notification as its account sees it: the link a path in the web app. */
export const shown =
  (box: SecretBox) =>
  (n: Notification): Notification =>
    n.kind === 'organization-invite'
      ? {
          ...n,
          link: pipe(
            box.open(n.link),
            E.getOrElse(() => ORGANIZATION_PAGE),
          ),
        }
      : n
