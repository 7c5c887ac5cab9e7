import { sql as accounts } from './001-accounts.js'
import { sql as jobs } from './003-jobs.js'
import { sql as webhooks } from './004-webhooks.js'
import { sql as recordings } from './005-recordings.js'
import { sql as meetings } from './006-meetings.js'
import { sql as bots } from './007-bots.js'
import { sql as shares } from './008-shares.js'
import { sql as listingAtScale } from './009-listing-at-scale.js'
import { sql as processingIndex } from './010-processing-index.js'
import { sql as queuedBotsIndex } from './011-queued-bots-index.js'
import { sql as search } from './013-search.js'
import { sql as runProgress } from './016-run-progress.js'
import { sql as deletionAndRetention } from './014-deletion-and-retention.js'
import { sql as notesEdits } from './015-notes-edits.js'
import { sql as sessions } from './017-sessions.js'
import { sql as runLanguage } from './018-run-language.js'
import { sql as runFailedStage } from './019-run-failed-stage.js'
import { sql as calendarWarnings } from './020-calendar-warnings.js'
import { sql as uploadWarnings } from './021-upload-warnings.js'
import { sql as jobGroups } from './022-job-groups.js'
import { sql as notesSettings } from './023-notes-settings.js'
import { sql as serverAdmins } from './024-server-admins.js'
import { sql as runTranscribedBy } from './025-run-transcribed-by.js'
import { sql as connectionRecordDeclined } from './026-connection-record-declined.js'
import { sql as notesPartEdits } from './027-notes-part-edits.js'
import { sql as shareInvitations } from './028-share-invitations.js'
import { sql as notifications } from './030-notifications.js'
import { sql as connectionNames } from './031-connection-names.js'
import { sql as deliveryPayloads } from './033-delivery-payloads.js'
import { sql as oauthCalendars } from './034-oauth-calendars.js'
import { sql as liveEvents } from './035-live-events.js'

/**
 * Numbered schema changes, applied in order once each (see ../migrate.ts). Add
 * new ones at the end; never edit an applied one. The schema follows SQLite's
 * (adapters/stores/sqlite/migrations): a change has one name and one step number
 * in both folders, the file's (`016-run-progress.ts` on both). SQLite's steps 2
 * and 12 have no Postgres file (its step 1 made the organizations whole, and its
 * utterances keep an index by run in their primary key).
 *
 * `id` is the key `schema_migrations` records. Up to step 33 Postgres numbered
 * its own changes, and existing databases hold those ids, so they stay (the table
 * in docs/operations.md, "Migrations"); from step 34 on, the id is the step.
 */
export const MIGRATIONS: ReadonlyArray<{ readonly id: number; readonly name: string; readonly sql: string }> = [
  { id: 1, name: 'accounts', sql: accounts },
  { id: 2, name: 'jobs', sql: jobs },
  { id: 3, name: 'webhooks', sql: webhooks },
  { id: 4, name: 'recordings', sql: recordings },
  { id: 5, name: 'meetings', sql: meetings },
  { id: 6, name: 'bots', sql: bots },
  { id: 7, name: 'shares', sql: shares },
  { id: 8, name: 'listing-at-scale', sql: listingAtScale },
  { id: 9, name: 'processing-index', sql: processingIndex },
  { id: 10, name: 'queued-bots-index', sql: queuedBotsIndex },
  { id: 11, name: 'search', sql: search },
  { id: 12, name: 'deletion-and-retention', sql: deletionAndRetention },
  { id: 13, name: 'notes-edits', sql: notesEdits },
  { id: 14, name: 'run-progress', sql: runProgress },
  { id: 15, name: 'sessions', sql: sessions },
  { id: 16, name: 'run-language', sql: runLanguage },
  { id: 17, name: 'run-failed-stage', sql: runFailedStage },
  { id: 18, name: 'calendar-warnings', sql: calendarWarnings },
  { id: 19, name: 'upload-warnings', sql: uploadWarnings },
  { id: 20, name: 'job-groups', sql: jobGroups },
  { id: 21, name: 'notes-settings', sql: notesSettings },
  { id: 22, name: 'server-admins', sql: serverAdmins },
  { id: 23, name: 'run-transcribed-by', sql: runTranscribedBy },
  { id: 24, name: 'connection-record-declined', sql: connectionRecordDeclined },
  { id: 25, name: 'notes-part-edits', sql: notesPartEdits },
  { id: 26, name: 'share-invitations', sql: shareInvitations },
  { id: 28, name: 'notifications', sql: notifications },
  { id: 29, name: 'connection-names', sql: connectionNames },
  { id: 31, name: 'delivery-payloads', sql: deliveryPayloads },
  { id: 34, name: 'oauth-calendars', sql: oauthCalendars },
  { id: 35, name: 'live-events', sql: liveEvents },
]
