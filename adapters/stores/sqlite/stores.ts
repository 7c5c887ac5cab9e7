/** Every SQLite store over one open database (which the caller owns): what `NOTETAKER_STORE=sqlite` opens (see src/app/composition/adapters.ts). */
import { sqliteAccountSettingsStore } from './account-settings.js'
import { sqliteNotesSettingsStore } from './notes-settings.js'
import { sqliteAccountStore, sqliteOrganizationStore } from './accounts.js'
import { sqliteApiKeyStore } from './api-keys.js'
import { sqliteCalendarConnectionStore } from './calendar-connections.js'
import type { Db } from './database.js'
import { sqliteIdempotencyStore } from './idempotency.js'
import { sqliteJobQueue } from './job-queue.js'
import { sqliteMeetingStore } from './meetings.js'
import { sqliteNotesStore, sqliteRunStore, sqliteUploadStore } from './recordings.js'
import { sqliteShareStore } from './shares.js'
import { sqliteShareInvitationStore } from './share-invitations.js'
import { sqliteWebhookStore } from './webhooks.js'
import { sqliteNotesEditStore } from './notes-edits.js'
import { sqlitePasswordStore, sqliteSessionStore } from './sessions.js'
import { sqliteNotificationStore } from './notifications.js'

export const sqliteStores = (db: Db, options: { readonly idempotencyRetentionMs: number; readonly newId: () => string }) => ({
  accounts: sqliteAccountStore(db),
  organizations: sqliteOrganizationStore(db),
  apiKeys: sqliteApiKeyStore(db),
  idempotency: sqliteIdempotencyStore(db, options.idempotencyRetentionMs),
  jobs: sqliteJobQueue(db, options.newId),
  webhooks: sqliteWebhookStore(db),
  runs: sqliteRunStore(db),
  shares: sqliteShareStore(db),
  shareInvitations: sqliteShareInvitationStore(db),
  uploads: sqliteUploadStore(db),
  notes: sqliteNotesStore(db),
  notesEdits: sqliteNotesEditStore(db),
  meetings: sqliteMeetingStore(db),
  calendarConnections: sqliteCalendarConnectionStore(db),
  accountSettings: sqliteAccountSettingsStore(db),
  notesSettings: sqliteNotesSettingsStore(db),
  sessions: sqliteSessionStore(db),
  passwords: sqlitePasswordStore(db),
  notifications: sqliteNotificationStore(db),
})
