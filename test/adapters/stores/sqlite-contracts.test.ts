import { sqliteMeetingStore } from '../../../adapters/stores/sqlite/meetings.js'
import { sqliteCalendarConnectionStore } from '../../../adapters/stores/sqlite/calendar-connections.js'
import { meetingStoreContract } from '../../contracts/meeting-store.js'
import { calendarConnectionStoreContract } from '../../contracts/calendar-connection-store.js'
import { sqliteOrganizationStore as sqliteOrganizations } from '../../../adapters/stores/sqlite/organizations.js'
import { organizationStoreContract } from '../../contracts/organization-store.js'
import { sqliteNotesStore, sqliteRunStore, sqliteUploadStore } from '../../../adapters/stores/sqlite/recordings.js'
import { recordingStoresContract } from '../../contracts/recording-stores.js'
import { recordingRemovalContract } from '../../contracts/recording-removal.js'
import { sqliteAccountSettingsStore } from '../../../adapters/stores/sqlite/account-settings.js'
import { sqliteNotesSettingsStore } from '../../../adapters/stores/sqlite/notes-settings.js'
import { notesSettingsStoreContract } from '../../contracts/notes-settings-store.js'
import { sqliteShareStore } from '../../../adapters/stores/sqlite/shares.js'
import { shareStoreContract } from '../../contracts/share-store.js'
import { listingPagesContract } from '../../contracts/listing-pages.js'
import { recordingSearchContract } from '../../contracts/recording-search.js'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fsBlobStore } from '../../../adapters/stores/blob-fs/blob-store.js'
import { blobStoreContract } from '../../contracts/blob-store.js'
import { sqliteAccountStore, sqliteOrganizationStore } from '../../../adapters/stores/sqlite/accounts.js'
import { sqliteApiKeyStore } from '../../../adapters/stores/sqlite/api-keys.js'
import { migrate, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteIdempotencyStore } from '../../../adapters/stores/sqlite/idempotency.js'
import { accountStoreContract } from '../../contracts/account-stores.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.js'
import { sqliteJobQueue } from '../../../adapters/stores/sqlite/job-queue.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { jobQueueContract } from '../../contracts/job-queue.js'
import { sqliteWebhookStore } from '../../../adapters/stores/sqlite/webhooks.js'
import { webhookStoreContract } from '../../contracts/webhook-store.js'
import { notesEditStoreContract } from '../../contracts/notes-edit-store.js'
import { sqliteNotesEditStore } from '../../../adapters/stores/sqlite/notes-edits.js'
import { sqlitePasswordStore, sqliteSessionStore } from '../../../adapters/stores/sqlite/sessions.js'
import { sessionStoresContract } from '../../contracts/session-stores.js'
import { notificationStoreContract } from '../../contracts/notification-store.js'
import { sqliteNotificationStore } from '../../../adapters/stores/sqlite/notifications.js'
import { shareInvitationStoreContract } from '../../contracts/share-invitation-store.js'
import { sqliteShareInvitationStore } from '../../../adapters/stores/sqlite/share-invitations.js'

const freshDb = () => {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

accountStoreContract('sqlite', () => {
  const db = freshDb()
  return { accounts: sqliteAccountStore(db), organizations: sqliteOrganizationStore(db), apiKeys: sqliteApiKeyStore(db) }
})
idempotencyStoreContract('sqlite', () => sqliteIdempotencyStore(freshDb(), 3_600_000))
jobQueueContract('sqlite', () => sqliteJobQueue(freshDb(), randomIds.uuid))
blobStoreContract('filesystem', () => fsBlobStore(mkdtempSync(join(tmpdir(), 'notetaker-blobs-'))))
recordingStoresContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), uploads: sqliteUploadStore(db), notes: sqliteNotesStore(db) }
})
notesEditStoreContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), notesEdits: sqliteNotesEditStore(db) }
})
shareStoreContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), shares: sqliteShareStore(db) }
})
recordingSearchContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), shares: sqliteShareStore(db), notes: sqliteNotesStore(db), notesEdits: sqliteNotesEditStore(db) }
})
listingPagesContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), shares: sqliteShareStore(db), meetings: sqliteMeetingStore(db) }
})
organizationStoreContract('sqlite', () => {
  const db = freshDb()
  return { accounts: sqliteAccountStore(db), organizations: sqliteOrganizations(db) }
})
webhookStoreContract('sqlite', () => sqliteWebhookStore(freshDb()))
notificationStoreContract('sqlite', () => sqliteNotificationStore(freshDb()))
notesSettingsStoreContract('sqlite', () => sqliteNotesSettingsStore(freshDb()))
meetingStoreContract('sqlite', () => sqliteMeetingStore(freshDb()))
calendarConnectionStoreContract('sqlite', () => sqliteCalendarConnectionStore(freshDb()))
recordingRemovalContract('sqlite', () => {
  const db = freshDb()
  return { runs: sqliteRunStore(db), uploads: sqliteUploadStore(db), notes: sqliteNotesStore(db), shares: sqliteShareStore(db), accountSettings: sqliteAccountSettingsStore(db) }
})
shareInvitationStoreContract('sqlite', () => {
  const db = freshDb()
  return { accounts: sqliteAccountStore(db), shareInvitations: sqliteShareInvitationStore(db) }
})
sessionStoresContract('sqlite', () => {
  const db = freshDb()
  return { accounts: sqliteAccountStore(db), apiKeys: sqliteApiKeyStore(db), sessions: sqliteSessionStore(db), passwords: sqlitePasswordStore(db) }
})
