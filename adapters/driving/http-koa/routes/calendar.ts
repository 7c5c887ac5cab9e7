import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarConnection, DEFAULT_AUTO_JOIN } from '../../../../src/core/domain/meetings/calendar-connection.js'
import { wholePage } from '../../../../src/core/domain/page.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { type Answer, byId } from '../by-id.js'
import { route } from '../route.js'
import {
  type ConnectionBody,
  ConnectionCodec,
  NewConnectionBody,
  ConnectionPatchBody,
  connectionView,
  CalendarConnectionListCodec,
  PROVIDER_DOWN,
} from '../contract/calendar.js'

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)

const RULE_422 = 'A field failed the schema, e.g. an unknown rule kind (details[].path `joinRules.0.kind`) or an empty rule value (VALIDATION_ERROR).'

/** A connection as answered, with how many meetings it holds (read after the change the route made). */
const withCounts =
  (core: Core): Answer<CalendarConnection, ConnectionBody> =>
  (actor) =>
  (c) =>
    TE.map((counts: Readonly<Record<string, number>>) => connectionView(c, counts))(core.calendar.upcomingMeetings(actor))

const connectionById = (core: Core) =>
  byId({
    id: 'The connection id.',
    notFound: 'No connection with this id for this account; another account\'s connection answers 404 too (NOT_FOUND).',
    answer: withCounts(core),
  })

export const calendarRoutes = (core: Core) => {
  const connection = connectionById(core)
  return [
    route({
      operationId: 'listCalendarConnections', method: 'get', path: '/calendar/connections', tag: 'Calendars', access: 'read',
      summary: 'Every calendar connection',
      description: 'The whole collection, not paged: `total` equals the number of rows (so does `limit`; `offset` is 0). Oldest first.',
      success: { status: 200, description: 'All connections.', data: CalendarConnectionListCodec },
      handle: ({ actor }) =>
        pipe(
          TE.Do,
          TE.apS('rows', core.calendar.list(actor)),
          TE.apS('counts', core.calendar.upcomingMeetings(actor)),
          TE.map(({ rows, counts }) => wholePage(rows.map((c) => connectionView(c, counts)))),
          TE.map((p) => ({ ...p, rows: [...p.rows] })),
          data,
        ),
    }),
    route({
      operationId: 'createCalendarConnection', method: 'post', path: '/calendar/connections', tag: 'Calendars', access: 'write',
      summary: 'Connect a calendar feed',
      description: `Connects an iCalendar feed by its secret address (\`provider\` \`ics\`; https, webcal or, where the operator allows private addresses, http). The address is stored encrypted and never returned. The first sync is queued at once: the connection starts \`pending\` and its meetings appear when the sync has run. After that it is synced periodically (every 15 minutes by default, NOTETAKER_CALENDAR_SYNC_MINUTES), reading 7 days back to 60 days ahead. \`autoJoin\` defaults to \`${DEFAULT_AUTO_JOIN}\`.`,
      body: NewConnectionBody,
      errors: ['CONFLICT'],
      errorNotes: {
        CONFLICT: 'This feed is connected to the account already (CONFLICT).',
        VALIDATION_ERROR: `\`url\` is refused (details[].path \`url\`): not an https or webcal URL (http only with NOTETAKER_ALLOW_PRIVATE_URLS=true), no host, a user name or password, \`localhost\` or a literal private, loopback, link-local or unique-local address (allowed only with NOTETAKER_ALLOW_PRIVATE_URLS=true), or a cloud metadata service by name or address (always, whatever the settings). Or: ${RULE_422}`,
      },
      success: { status: 201, description: 'The new connection, status `pending`.', data: ConnectionCodec },
      handle: ({ actor, body: b }) => pipe(core.calendar.create(actor, b), TE.flatMap(withCounts(core)(actor)), data),
    }),
    route({
      operationId: 'getCalendarConnection', method: 'get', path: '/calendar/connections/{id}', tag: 'Calendars', access: 'read',
      summary: 'One calendar connection',
      description: 'With its sync health: `status`, `lastSyncedAt`, `lastError` (why the last sync failed, in words; never the feed address or its host) and `warnings` (the events or lines the last good sync could not read and left out, counted and named).',
      params: connection.params,
      errorNotes: connection.errorNotes(),
      success: { status: 200, description: 'The connection.', data: ConnectionCodec },
      handle: connection.handle((actor, id) => core.calendar.get(actor, id)),
    }),
    route({
      operationId: 'updateCalendarConnection', method: 'patch', path: '/calendar/connections/{id}', tag: 'Calendars', access: 'write',
      summary: 'Rename a calendar, set its auto-join mode and rules',
      description: 'Each field is optional; `name` renames it (null or an empty name goes back to the feed\'s own); `calendarId` (Google and Microsoft) reads another of the account\'s calendars, synced from scratch at once; a rule list given replaces the old one whole (send [] to clear it). The schedule reflects the change at once. Per meeting, recordOverride outranks every rule; then a meeting the account declined is left out (unless recordDeclined is true); then bar rules, then join rules, then autoJoin.',
      params: connection.params,
      body: ConnectionPatchBody,
      errors: ['CONFLICT'],
      errorNotes: connection.errorNotes({
        VALIDATION_ERROR: `${RULE_422} Or \`calendarId\` is not a calendar the connection's account can read, or is given for an iCalendar feed.`,
        CONFLICT: "`calendarId`: that calendar is connected already, or the connection's permission is gone and it must be reconnected first (CONFLICT).",
      }),
      success: { status: 200, description: 'The connection as it is now.', data: ConnectionCodec, extraStatuses: [PROVIDER_DOWN] },
      handle: connection.handle((actor, id, changes) => core.calendar.update(actor, id, changes)),
    }),
    route({
      operationId: 'deleteCalendarConnection', method: 'delete', path: '/calendar/connections/{id}', tag: 'Calendars', access: 'write',
      summary: 'Disconnect a calendar',
      description: 'Its meetings go with it: they are never listed again. Answers the connection as it was.',
      params: connection.params,
      errorNotes: connection.errorNotes(),
      success: { status: 200, description: 'The removed connection.', data: ConnectionCodec },
      handle: connection.handle((actor, id) => core.calendar.remove(actor, id)),
    }),
    route({
      operationId: 'syncCalendarConnection', method: 'post', path: '/calendar/connections/{id}/sync', tag: 'Calendars', access: 'write',
      summary: 'Sync a calendar now',
      description: 'Queues a sync at once and answers 202 with the connection as it is (the sync runs in the background: watch `lastSyncedAt` and `lastError`). Asking again while a sync is queued or running joins it. No body.',
      params: connection.params,
      errorNotes: connection.errorNotes(),
      success: { status: 202, description: 'The sync is queued; the connection as it is now.', data: ConnectionCodec },
      handle: connection.handle((actor, id) => core.calendar.requestSync(actor, id)),
    }),
  ]
}
