// The calendar_connections table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { CalendarConnection, ConnectionPush } from '../../../../src/core/domain/meetings/calendar-connection.js'

/**
 * A calendar_connections row with join_rules, bar_rules and warnings decoded, as Postgres
 * returns its jsonb columns; SQLite stores them as JSON text, which its adapter
 * parses before toCalendarConnection.
 */
export interface CalendarConnectionRow {
  id: string
  account_id: string
  provider: CalendarConnection['provider']
  account_email: string
  calendar_id: string
  status: CalendarConnection['status']
  auto_join: CalendarConnection['autoJoin']
  join_rules: CalendarConnection['joinRules']
  bar_rules: CalendarConnection['barRules']
  record_declined: boolean
  name: string | null
  feed_name: string | null
  last_synced_at: string | null
  last_error: string | null
  warnings: CalendarConnection['warnings']
  created_at: string
  updated_at: string
  sealed_credential: string
  sealed_cursor: string | null
  push_channel_id: string | null
  push_resource_id: string | null
  push_expires_at: string | null
  push_sealed_token: string | null
  next_sync_at: string | null
  consecutive_failures: number
}

// The table's CHECK keeps the push columns all set or all null (the resource id may be null on its own).
const toPush = (r: CalendarConnectionRow): ConnectionPush | null =>
  r.push_channel_id === null || r.push_expires_at === null || r.push_sealed_token === null
    ? null
    : { id: r.push_channel_id, resourceId: r.push_resource_id, expiresAt: r.push_expires_at, sealedToken: r.push_sealed_token }

/** The push columns of a connection, in the row's order: channel id, resource id, expiry, sealed token. */
export const pushColumns = (c: CalendarConnection): [string | null, string | null, string | null, string | null] =>
  c.push === null ? [null, null, null, null] : [c.push.id, c.push.resourceId, c.push.expiresAt, c.push.sealedToken]

export const toCalendarConnection = (r: CalendarConnectionRow): CalendarConnection => ({
  id: r.id,
  accountId: r.account_id,
  provider: r.provider,
  accountEmail: r.account_email,
  calendarId: r.calendar_id,
  status: r.status,
  autoJoin: r.auto_join,
  joinRules: r.join_rules,
  barRules: r.bar_rules,
  recordDeclined: r.record_declined,
  name: r.name,
  feedName: r.feed_name,
  lastSyncedAt: r.last_synced_at,
  lastError: r.last_error,
  warnings: r.warnings,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  sealedCredential: r.sealed_credential,
  sealedCursor: r.sealed_cursor,
  push: toPush(r),
  nextSyncAt: r.next_sync_at,
  consecutiveFailures: r.consecutive_failures,
})
