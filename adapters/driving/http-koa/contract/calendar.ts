/** The wire shapes of /calendar/connections: a connection as answered, and the bodies that create and change one. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import {
  AUTO_JOIN_MODES,
  AutoJoinMode,
  type CalendarConnection,
  CONNECTION_PROVIDERS,
  CONNECTION_STATUSES,
  connectionName,
  DEFAULT_AUTO_JOIN,
  FeedUrl,
  MAX_CONNECTION_NAME_LENGTH,
  MAX_RULES,
  MAX_WARNINGS,
} from '../../../../src/core/domain/meetings/calendar-connection.js'
import { Rule, RULE_KINDS, RuleKind } from '../../../../src/core/domain/meetings/calendar-rules.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

const listed = (record: Readonly<Record<string, string>>) =>
  Object.entries(record)
    .map(([k, v]) => `\`${k}\`: ${v}`)
    .join(' ')

const provider = annotate(t.keyof(CONNECTION_PROVIDERS, 'CalendarProvider'), { description: listed(CONNECTION_PROVIDERS) })
const status = annotate(t.keyof(CONNECTION_STATUSES, 'ConnectionStatus'), {
  description: `${listed(CONNECTION_STATUSES)} A new connection is \`pending\`; every sync ends \`active\` or \`error\`, or \`reauthorization_required\` for a Google or Microsoft calendar whose permission is gone.`,
})
const autoJoin = annotate(AutoJoinMode, { description: `${listed(AUTO_JOIN_MODES)} Default \`${DEFAULT_AUTO_JOIN}\`.` })
export const RuleOut = t.exact(t.type({ kind: RuleKind, value: t.string }), 'RuleOut')
const rules = (which: string) =>
  annotate(t.array(Rule), {
    maxItems: MAX_RULES,
    description: `${which} Values are stored trimmed and lowercased. Kinds: ${listed(RULE_KINDS)}`,
  })
const joinRules = rules('A meeting any of these matches is recorded (unless a bar rule matches), whatever autoJoin says.')
const barRules = rules('A meeting any of these matches is never recorded automatically; bar rules are checked before join rules.')
const recordDeclined = annotate(t.boolean, {
  description:
    'false (the default): a meeting the account declined in its calendar is not recorded (skipReason `declined`); true leaves it to the rules like any other. recordOverride true records it either way.',
})
const NameIn = annotate(t.union([t.string, t.null]), {
  maxLength: MAX_CONNECTION_NAME_LENGTH,
  description: `What the calendar is called in the app, at most ${MAX_CONNECTION_NAME_LENGTH} characters (kept on one line); null or an empty name goes back to the feed's own.`,
})
const Feed = annotate(FeedUrl, {
  format: 'uri',
  description:
    'The secret address of the iCalendar feed: https or webcal (http only where the operator allows private addresses). Stored encrypted; never returned, and never shown in `lastError`.',
})

export const ConnectionCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    provider,
    name: annotate(t.string, {
      description:
        'What the calendar is called: the name given with POST or PATCH, else the feed\'s own (its X-WR-CALNAME, read at each sync), else, before the first sync and for a feed without one, the host of its address (e.g. `calendar.google.com`).',
    }),
    accountEmail: formatted('email', 'A feed: the account email when connected. Google and Microsoft: the email of the provider account that gave the permission. `hosted` records meetings this address organises.'),
    calendarId: annotate(new t.Type<string, string, unknown>('string', t.string.is, t.string.validate, t.identity), {
      type: 'string',
      description:
        "`ics`: `ics-` and 16 hex characters, a fingerprint of the feed address (not reversible). `google`, `microsoft`: the provider's id of the calendar read (the account's primary one unless another was chosen; GET …/calendars lists them). The same calendar cannot be connected twice.",
    }),
    status,
    autoJoin,
    joinRules: t.array(RuleOut),
    barRules: t.array(RuleOut),
    recordDeclined,
    lastSyncedAt: nullableFormatted('date-time', 'The last successful sync; null before the first.'),
    lastError: t.union([t.string, t.null]),
    warnings: annotate(t.array(t.string), {
      maxItems: MAX_WARNINGS,
      description:
        'What the last good sync could not read and left out, in words: a count first (e.g. "2 events could not be read and were left out."), then one note per event or line; `[]` when everything was read. The rest of the calendar is synced (status `active`). Kept when a later sync fails; replaced by the next good one.',
    }),
    pushUntil: nullableFormatted(
      'date-time',
      "Google and Microsoft calendars: until when the provider pushes this calendar's changes, so they show within seconds (renewed before then). null: changes are picked up by the periodic sync only (feeds; or the server has no public https address, NOTETAKER_PUBLIC_URL, for the provider to push to).",
    ),
    upcomingMeetings: annotate(t.number, { type: 'integer', minimum: 0, description: 'How many of its meetings are under way or still to come, within the sync window (60 days ahead by default).' }),
    createdAt: formatted('date-time'),
  }),
  'CalendarConnection',
)

export const NewConnectionBody = t.exact(
  t.intersection([t.type({ provider, url: Feed }), t.partial({ name: NameIn, autoJoin, joinRules, barRules, recordDeclined })]),
)
const CalendarChoice = annotate(t.string, {
  minLength: 1,
  maxLength: 1024,
  description: 'Google and Microsoft connections: read this calendar of the account instead (one of GET /calendar/connections/{id}/calendars). It is synced from scratch at once.',
})
export const ConnectionPatchBody = t.exact(t.partial({ name: NameIn, autoJoin, joinRules, barRules, recordDeclined, calendarId: CalendarChoice }))

export type ConnectionBody = t.TypeOf<typeof ConnectionCodec>
/** A connection as answered: its name, rules and warnings, and how many of its meetings are to come. */
export const connectionView = (c: CalendarConnection, counts: Readonly<Record<string, number>>): ConnectionBody => ({
  ...c,
  name: connectionName(c),
  joinRules: [...c.joinRules],
  barRules: [...c.barRules],
  warnings: [...c.warnings],
  pushUntil: c.push?.expiresAt ?? null,
  upcomingMeetings: counts[c.id] ?? 0,
})

export const CalendarConnectionListCodec = pageOf(ConnectionCodec, 'CalendarConnectionList')

/** POST /calendar/connections/oauth/{provider}/start: nothing, or the connection to reconnect. */
export const OAuthStartBody = t.exact(
  t.partial({
    connectionId: annotate(formatted('uuid'), {
      description: 'Reconnect this connection (one whose status is `reauthorization_required`, or any of this provider): it gets the new permission and keeps its meetings and settings.',
    }),
  }),
)

export const AuthorizationStartCodec = t.exact(
  t.type({
    authorizationUrl: formatted('uri', "The provider's consent page for read-only calendar access: send the person's browser there."),
    expiresAt: formatted('date-time', 'The request lapses then (10 minutes); after it, start again.'),
  }),
  'AuthorizationStart',
)

export const OAuthFinishedCodec = t.exact(
  t.type({
    connection: ConnectionCodec,
    reconnected: annotate(t.boolean, { description: 'true: an existing connection of this calendar got the new permission (its meetings and settings kept); false: a new connection.' }),
  }),
  'OAuthFinished',
)

export const ProviderCalendarCodec = t.exact(
  t.type({
    id: annotate(t.string, { description: "The provider's id of the calendar; PATCH the connection with it as `calendarId` to read it instead." }),
    name: t.string,
    primary: annotate(t.boolean, { description: "The account's own main calendar (the one a new connection reads)." }),
    selected: annotate(t.boolean, { description: 'The calendar the connection reads now.' }),
  }),
  'ProviderCalendar',
)
export const ProviderCalendarListCodec = pageOf(ProviderCalendarCodec, 'ProviderCalendarList')

export const OAuthProviderCodec = t.exact(
  t.type({
    provider: annotate(t.keyof({ google: null, microsoft: null }), { description: 'The value of `provider` on its connections.' }),
    name: annotate(t.string, { description: 'What people call it, e.g. "Google Calendar".' }),
    configured: annotate(t.boolean, { description: "Whether this server's operator set it up (its client id, secret and redirect address); only then can it be connected." }),
  }),
  'CalendarOAuthProvider',
)
export const OAuthProviderListCodec = pageOf(OAuthProviderCodec, 'CalendarOAuthProviderList')

/** The answer of a provider that failed or did not answer while the person waits (a route's extra status). */
export const PROVIDER_DOWN = {
  status: 503,
  envelope: true,
  description: 'The calendar provider failed or did not answer (INTERNAL_ERROR); Retry-After when the provider set one. Safe to try again.',
  headers: { 'Retry-After': 'Seconds the provider asked to wait, when it said.' },
}
