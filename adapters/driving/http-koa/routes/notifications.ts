import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { MAX_READ_IDS, type NotificationPage, type ReadSelection } from '../../../../src/core/notifications/index.js'
import { type AppError, invalidField } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { pageQuery } from '../dispatch/params.js'
import { route } from '../route.js'
import { NotificationPageCodec, ReadBody, ReadCodec } from '../contract/notifications.js'

const selectionOf = (body: t.TypeOf<typeof ReadBody>): TE.TaskEither<AppError, ReadSelection> => {
  if (body.ids !== undefined && body.all === undefined) return TE.right({ ids: body.ids })
  if (body.all === true && body.ids === undefined) return TE.right({ all: true })
  return TE.left(invalidField('ids', 'Give either the ids of the notifications to mark read, or "all": true.'))
}

const page = (p: NotificationPage) => ({ data: { ...p, rows: [...p.rows] } })

/** The signed-in account's notifications: what it was told in the app (invites, recordings shared with it). */
export const notificationRoutes = (core: Core) => [
  route({
    operationId: 'listNotifications', method: 'get', path: '/notifications', tag: 'Notifications',
    access: 'read',
    summary: "The account's notifications, newest first, with how many are unread",
    description:
      'What the account was told: an invite into an organization, a recording shared with it (each also mailed when the server sends mail, see GET /server). Newest first, paged with `limit` and `offset`; `unreadCount` counts the unread ones on every page. A notification is made when its email has an account at the time; someone who signs up later finds the shares and invites, not notifications of them.',
    query: pageQuery,
    success: { status: 200, description: 'A page of notifications.', data: NotificationPageCodec },
    handle: ({ actor, query }) => pipe(core.notifications.list(actor, query), TE.map(page)),
  }),
  route({
    operationId: 'markNotificationsRead', method: 'post', path: '/notifications/read', tag: 'Notifications',
    access: 'write',
    summary: 'Mark some or all of the account\'s notifications read',
    description: `\`{ "ids": [...] }\` marks those (at most ${MAX_READ_IDS}), \`{ "all": true }\` every one. Ids of other accounts' notifications, unknown ones and ones read already are passed over (a notification keeps the time it was first read), so marking twice is harmless.`,
    body: ReadBody,
    errorNotes: {
      FORBIDDEN: 'The key is read-only (FORBIDDEN).',
      VALIDATION_ERROR: `Neither \`ids\` nor \`all: true\` given, or both; more than ${MAX_READ_IDS} ids; an id that is not text; or an unknown field (VALIDATION_ERROR).`,
    },
    success: { status: 200, description: 'How many were marked, and how many are still unread.', data: ReadCodec },
    handle: ({ actor, body }) =>
      pipe(
        selectionOf(body),
        TE.chain((selection) => core.notifications.markRead(actor, selection)),
        TE.map((data) => ({ data })),
      ),
  }),
]
