import {
  type CalendarConnection,
  type ConnectionProvider,
  DEFAULT_AUTO_JOIN,
} from '../domain/meetings/calendar-connection.js'
import type { ConnectionSettings } from './calendar-connection-fields.js'

export interface NewConnectionFields {
  readonly id: string
  readonly accountId: string
  readonly provider: ConnectionProvider
  readonly accountEmail: string
  readonly calendarId: string
  readonly feedName: string | null
  readonly sealedCredential: string
  readonly now: string
  readonly settings: ConnectionSettings
}

/** A connection as first stored: `pending` until its first sync, which is queued with it. */
export const newConnection = (f: NewConnectionFields): CalendarConnection => ({
  id: f.id,
  accountId: f.accountId,
  provider: f.provider,
  accountEmail: f.accountEmail,
  calendarId: f.calendarId,
  status: 'pending',
  autoJoin: f.settings.autoJoin ?? DEFAULT_AUTO_JOIN,
  joinRules: f.settings.joinRules ?? [],
  barRules: f.settings.barRules ?? [],
  recordDeclined: f.settings.recordDeclined ?? false,
  name: f.settings.name ?? null,
  feedName: f.feedName,
  lastSyncedAt: null,
  lastError: null,
  warnings: [],
  createdAt: f.now,
  updatedAt: f.now,
  sealedCredential: f.sealedCredential,
  sealedCursor: null,
  push: null,
  nextSyncAt: null,
  consecutiveFailures: 0,
})
