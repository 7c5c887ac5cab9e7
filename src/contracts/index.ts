/**
 * The port contracts (the `notetaker/contracts` export): the behaviour the core relies on from
 * each port, as uvu suites, so a program that brings its own adapter checks it with one call
 * (docs/embedding.md, "Checking your own store"). Each function takes a name for the report and
 * a factory of fresh adapters, called before each test. They need `uvu` (and `fast-check`)
 * installed beside Notetaker: peer dependencies, as the main entry never loads them.
 */
export { runPortContracts, STORE_PORTS, type StorePorts } from './port-contracts.js'
export { accountStoreContract, type AccountStores } from './account-stores.js'
export { blobStoreContract } from './blob-store.js'
export { calendarConnectionStoreContract } from './calendar-connection-store.js'
export { idempotencyStoreContract } from './idempotency-store.js'
export { jobQueueContract } from './job-queue.js'
export { listingPagesContract, type ListingStores } from './listing-pages.js'
export { meetingStoreContract } from './meeting-store.js'
export { notesEditStoreContract, type NotesEditStores } from './notes-edit-store.js'
export { notesSettingsStoreContract } from './notes-settings-store.js'
export { notificationStoreContract } from './notification-store.js'
export { organizationStoreContract, type OrganizationStores } from './organization-store.js'
export { rateLimiterContract } from './rate-limiter.js'
export { recordingRemovalContract, type RemovalStores } from './recording-removal.js'
export { recordingSearchContract, type SearchStores } from './recording-search.js'
export { recordingStoresContract, type RecordingStores } from './recording-stores.js'
export { sessionStoresContract, type SessionStores } from './session-stores.js'
export { shareInvitationStoreContract, type ShareInvitationStores } from './share-invitation-store.js'
export { shareStoreContract, type ShareStores } from './share-store.js'
export { webhookStoreContract } from './webhook-store.js'
export { liveFeedContract } from './live-feed.js'
