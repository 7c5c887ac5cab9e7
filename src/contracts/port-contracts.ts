import type { Ports } from '../core/build-core.js'
import { accountStoreContract } from './account-stores.js'
import { calendarConnectionStoreContract } from './calendar-connection-store.js'
import { idempotencyStoreContract } from './idempotency-store.js'
import { jobQueueContract } from './job-queue.js'
import { listingPagesContract } from './listing-pages.js'
import { meetingStoreContract } from './meeting-store.js'
import { notesEditStoreContract } from './notes-edit-store.js'
import { notesSettingsStoreContract } from './notes-settings-store.js'
import { notificationStoreContract } from './notification-store.js'
import { organizationStoreContract } from './organization-store.js'
import { recordingRemovalContract } from './recording-removal.js'
import { recordingSearchContract } from './recording-search.js'
import { recordingStoresContract } from './recording-stores.js'
import { sessionStoresContract } from './session-stores.js'
import { shareInvitationStoreContract } from './share-invitation-store.js'
import { shareStoreContract } from './share-store.js'
import { webhookStoreContract } from './webhook-store.js'

/**
 * The ports one store opens together (what `NOTETAKER_STORE` chooses: memory, SQLite, Postgres):
 * every record store and the job queue. The blob store and the rate limiter are chosen apart,
 * and checked apart (blobStoreContract, rateLimiterContract).
 */
export const STORE_PORTS = [
  'accounts', 'organizations', 'apiKeys', 'sessions', 'passwords', 'idempotency', 'jobs',
  'runs', 'uploads', 'notes', 'notesEdits', 'shares', 'shareInvitations', 'accountSettings', 'notesSettings',
  'meetings', 'calendarConnections', 'webhooks', 'notifications',
] as const satisfies ReadonlyArray<keyof Ports>

export type StorePorts = Pick<Ports, (typeof STORE_PORTS)[number]>

/**
 * Registers every contract suite of the store ports against `open`, called before each test for
 * stores over empty data (sharing it the way one database does). Opened with an idempotency
 * retention of one hour. The suites run as uvu runs them: `node my-store.test.js`, or the uvu CLI.
 */
export const runPortContracts = (name: string, open: () => Promise<StorePorts> | StorePorts): void => {
  const one = <K extends keyof StorePorts>(port: K) => async () => (await open())[port]
  accountStoreContract(name, open)
  organizationStoreContract(name, open)
  sessionStoresContract(name, open)
  shareInvitationStoreContract(name, open)
  idempotencyStoreContract(name, one('idempotency'))
  jobQueueContract(name, one('jobs'))
  recordingStoresContract(name, open)
  notesEditStoreContract(name, open)
  recordingRemovalContract(name, open)
  shareStoreContract(name, open)
  listingPagesContract(name, open)
  recordingSearchContract(name, open)
  notesSettingsStoreContract(name, one('notesSettings'))
  meetingStoreContract(name, one('meetings'))
  calendarConnectionStoreContract(name, one('calendarConnections'))
  webhookStoreContract(name, one('webhooks'))
  notificationStoreContract(name, one('notifications'))
}
