import { memoryMeetingStore } from '../../../adapters/stores/memory/meetings.js'
import { memoryCalendarConnectionStore } from '../../../adapters/stores/memory/calendar-connections.js'
import { meetingStoreContract } from '../../contracts/meeting-store.js'
import { calendarConnectionStoreContract } from '../../contracts/calendar-connection-store.js'
import { memoryDirectory } from '../../../adapters/stores/memory/organizations.js'
import { organizationStoreContract } from '../../contracts/organization-store.js'
import { memoryNotesStore, memoryRunStore, memoryUploadStore } from '../../../adapters/stores/memory/recordings.js'
import { recordingStoresContract } from '../../contracts/recording-stores.js'
import { recordingRemovalContract } from '../../contracts/recording-removal.js'
import { memoryAccountSettingsStore } from '../../../adapters/stores/memory/account-settings.js'
import { memoryNotesSettingsStore } from '../../../adapters/stores/memory/notes-settings.js'
import { notesSettingsStoreContract } from '../../contracts/notes-settings-store.js'
import { memoryShareStore } from '../../../adapters/stores/memory/shares.js'
import { shareStoreContract } from '../../contracts/share-store.js'
import { listingPagesContract } from '../../contracts/listing-pages.js'
import { recordingSearchContract } from '../../contracts/recording-search.js'
import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { blobStoreContract } from '../../contracts/blob-store.js'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { memoryIdempotencyStore } from '../../../adapters/stores/memory/idempotency.js'
import { memoryRateLimiter } from '../../../adapters/stores/memory/rate-limiter.js'
import { accountStoreContract } from '../../contracts/account-stores.js'
import { idempotencyStoreContract } from '../../contracts/idempotency-store.js'
import { rateLimiterContract } from '../../contracts/rate-limiter.js'
import { memoryJobQueue } from '../../../adapters/stores/memory/job-queue.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { jobQueueContract } from '../../contracts/job-queue.js'
import { memoryWebhookStore } from '../../../adapters/stores/memory/webhooks.js'
import { webhookStoreContract } from '../../contracts/webhook-store.js'
import { notesEditStoreContract } from '../../contracts/notes-edit-store.js'
import { memoryNotesEditStore } from '../../../adapters/stores/memory/notes-edits.js'
import { memoryPasswordStore } from '../../../adapters/stores/memory/passwords.js'
import { memorySessionStore } from '../../../adapters/stores/memory/sessions.js'
import { sessionStoresContract } from '../../contracts/session-stores.js'
import { notificationStoreContract } from '../../contracts/notification-store.js'
import { memoryNotificationStore } from '../../../adapters/stores/memory/notifications.js'
import { shareInvitationStoreContract } from '../../contracts/share-invitation-store.js'
import { memoryShareInvitationStore } from '../../../adapters/stores/memory/share-invitations.js'

shareInvitationStoreContract('memory', () => ({ accounts: memoryAccountStore(), shareInvitations: memoryShareInvitationStore() }))
accountStoreContract('memory', () => ({
  accounts: memoryAccountStore(),
  organizations: memoryOrganizationStore(),
  apiKeys: memoryApiKeyStore(),
}))
idempotencyStoreContract('memory', () => memoryIdempotencyStore(3_600_000))
rateLimiterContract('memory', () => memoryRateLimiter({ limit: 3, windowSeconds: 60 }))
jobQueueContract('memory', () => memoryJobQueue(randomIds.uuid))
blobStoreContract('memory', () => memoryBlobStore())
recordingStoresContract('memory', () => ({ runs: memoryRunStore(), uploads: memoryUploadStore(), notes: memoryNotesStore() }))
notesEditStoreContract('memory', () => ({ runs: memoryRunStore(), notesEdits: memoryNotesEditStore() }))
shareStoreContract('memory', () => {
  const runs = memoryRunStore()
  return { runs, shares: memoryShareStore(runs) }
})
recordingSearchContract('memory', () => {
  const runs = memoryRunStore()
  const notes = memoryNotesStore()
  const notesEdits = memoryNotesEditStore()
  return { runs, notes, notesEdits, shares: memoryShareStore(runs, notes, notesEdits) }
})
listingPagesContract('memory', () => {
  const runs = memoryRunStore()
  return { runs, shares: memoryShareStore(runs), meetings: memoryMeetingStore() }
})
organizationStoreContract('memory', () => {
  const directory = memoryDirectory()
  return { accounts: memoryAccountStore(directory), organizations: memoryOrganizationStore(directory) }
})
webhookStoreContract('memory', () => memoryWebhookStore())
notificationStoreContract('memory', () => memoryNotificationStore())
notesSettingsStoreContract('memory', () => memoryNotesSettingsStore())
meetingStoreContract('memory', () => memoryMeetingStore())
calendarConnectionStoreContract('memory', () => memoryCalendarConnectionStore())
recordingRemovalContract('memory', () => {
  const runs = memoryRunStore()
  return { runs, uploads: memoryUploadStore(), notes: memoryNotesStore(), shares: memoryShareStore(runs), accountSettings: memoryAccountSettingsStore() }
})
sessionStoresContract('memory', () => ({ accounts: memoryAccountStore(), apiKeys: memoryApiKeyStore(), sessions: memorySessionStore(), passwords: memoryPasswordStore() }))
