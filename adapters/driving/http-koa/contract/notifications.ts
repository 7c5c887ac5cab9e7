/** The wire shapes of /notifications: a page of them, and marking them read. */
import * as t from 'io-ts'
import { MAX_READ_IDS } from '../../../../src/core/notifications/index.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

const NotificationCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    kind: annotate(t.keyof({ 'organization-invite': null, 'recording-shared': null, 'calendar-reconnect': null }), {
      description:
        '`organization-invite`: someone invited the account into an organization; `recording-shared`: someone shared a recording with it; `calendar-reconnect`: a Google or Microsoft calendar of the account lost its permission and must be reconnected (Settings → Calendars).',
    }),
    text: annotate(t.string, { description: 'What happened, in one sentence to show, e.g. `Ada shared "Weekly sync" with you.`' }),
    link: annotate(t.string, { description: 'Where it leads, as a path of the web app: `/recordings/{runId}`, or an invite\'s one-time link to join.' }),
    createdAt: formatted('date-time'),
    readAt: nullableFormatted('date-time', 'When the account marked it read; null while it is unread.'),
  }),
  'Notification',
)

export const NotificationPageCodec = t.exact(
  t.type({
    rows: t.array(NotificationCodec),
    total: t.number,
    limit: t.number,
    offset: t.number,
    unreadCount: annotate(t.number, { description: 'How many of the account\'s notifications are unread, on every page.' }),
  }),
  'NotificationPage',
)

/** A list of texts, refused in words (io-ts would say "must be Array<string>"). */
const IdList = new t.Type<string[], string[], unknown>(
  'ids',
  (u): u is string[] => Array.isArray(u) && u.every((x) => typeof x === 'string'),
  (u, c) => (Array.isArray(u) && u.every((x) => typeof x === 'string') ? t.success(u as string[]) : t.failure(u, c, 'must list the notifications to mark read, by their id')),
  t.identity,
)
const JustTrue = new t.Type<true, true, unknown>('true', (u): u is true => u === true, (u, c) => (u === true ? t.success(true) : t.failure(u, c, 'must be true, or left out')), t.identity)

export const ReadBody = t.exact(
  t.partial({
    ids: annotate(IdList, { type: 'array', items: { type: 'string' }, maxItems: MAX_READ_IDS, description: `The notifications to mark read, at most ${MAX_READ_IDS}; ids that are not the account's are passed over.` }),
    all: annotate(JustTrue, { const: true, description: '`true`: mark every notification of the account read.' }),
  }),
  'MarkNotificationsRead',
)

export const ReadCodec = t.exact(
  t.type({
    marked: annotate(t.number, { description: 'How many were unread and are now read.' }),
    unreadCount: annotate(t.number, { description: 'How many are still unread.' }),
  }),
  'NotificationsRead',
)
