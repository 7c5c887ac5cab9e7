/** Every memory store, sharing what must be shared: what `NOTETAKER_STORE=memory` opens (see src/app/composition/adapters.ts). */
import { memoryAccountSettingsStore } from './account-settings.js'
import { memoryNotesSettingsStore } from './notes-settings.js'
import { memoryAccountStore, memoryDirectory, memoryOrganizationStore } from './accounts.js'
import { memoryApiKeyStore } from './api-keys.js'
import { memoryCalendarConnectionStore } from './calendar-connections.js'
import { memoryIdempotencyStore } from './idempotency.js'
import { memoryJobQueue } from './job-queue.js'
import { memoryMeetingStore } from './meetings.js'
import { memoryNotesStore, memoryRunStore, memoryUploadStore } from './recordings.js'
import { memoryShareStore } from './shares.js'
import { memoryShareInvitationStore } from './share-invitations.js'
import { memoryWebhookStore } from './webhooks.js'
import { memoryNotesEditStore } from './notes-edits.js'
import { memoryPasswordStore } from './passwords.js'
import { memorySessionStore } from './sessions.js'
import { memoryNotificationStore } from './notifications.js'

export const memoryStores = (options: { readonly idempotencyRetentionMs: number; readonly newId: () => string }) => {
  // Accounts and organizations share their rows, as on SQLite: membership lives on the account.
  const directory = memoryDirectory()
  const runs = memoryRunStore()
  const notes = memoryNotesStore()
  const notesEdits = memoryNotesEditStore()
  return {
    accounts: memoryAccountStore(directory),
    organizations: memoryOrganizationStore(directory),
    apiKeys: memoryApiKeyStore(),
    idempotency: memoryIdempotencyStore(options.idempotencyRetentionMs),
    jobs: memoryJobQueue(options.newId),
    webhooks: memoryWebhookStore(),
    runs,
    shares: memoryShareStore(runs, notes, notesEdits),
    shareInvitations: memoryShareInvitationStore(),
    uploads: memoryUploadStore(),
    notes,
    notesEdits,
    meetings: memoryMeetingStore(),
    calendarConnections: memoryCalendarConnectionStore(),
    accountSettings: memoryAccountSettingsStore(),
    notesSettings: memoryNotesSettingsStore(),
    sessions: memorySessionStore(),
    passwords: memoryPasswordStore(),
    notifications: memoryNotificationStore(),
  }
}
