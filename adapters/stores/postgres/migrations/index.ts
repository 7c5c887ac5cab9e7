import { sql as accounts } from './001-accounts.js'
import { sql as jobs } from './002-jobs.js'
import { sql as webhooks } from './003-webhooks.js'
import { sql as recordings } from './004-recordings.js'
import { sql as meetings } from './005-meetings.js'
import { sql as bots } from './006-bots.js'
import { sql as shares } from './007-shares.js'
import { sql as listingAtScale } from './008-listing-at-scale.js'
import { sql as processingIndex } from './009-processing-index.js'
import { sql as queuedBotsIndex } from './010-queued-bots-index.js'
import { sql as search } from './011-search.js'
import { sql as runProgress } from './014-run-progress.js'
import { sql as deletionAndRetention } from './012-deletion-and-retention.js'
import { sql as notesEdits } from './013-notes-edits.js'
import { sql as sessions } from './015-sessions.js'
import { sql as runLanguage } from './016-run-language.js'
import { sql as runFailedStage } from './017-run-failed-stage.js'
import { sql as calendarWarnings } from './018-calendar-warnings.js'
import { sql as uploadWarnings } from './019-upload-warnings.js'
import { sql as jobGroups } from './020-job-groups.js'
import { sql as notesSettings } from './021-notes-settings.js'
import { sql as serverAdmins } from './022-server-admins.js'
import { sql as runTranscribedBy } from './023-run-transcribed-by.js'
import { sql as connectionRecordDeclined } from './024-connection-record-declined.js'
import { sql as notesPartEdits } from './025-notes-part-edits.js'
import { sql as shareInvitations } from './026-share-invitations.js'
import { sql as notifications } from './028-notifications.js'
import { sql as connectionNames } from './029-connection-names.js'
import { sql as deliveryPayloads } from './031-delivery-payloads.js'

/**
 * Numbered schema changes, applied in order once each (see ../migrate.ts). Add
 * new ones at the end; never edit an applied one. The schema follows SQLite's
 * (adapters/stores/sqlite/migrations), which started earlier and so has more steps.
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
]
