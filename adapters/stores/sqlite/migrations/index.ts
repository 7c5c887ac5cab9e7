import { sql as accounts } from './001-accounts.js'
import { sql as organizations } from './002-organizations.js'
import { sql as jobs } from './003-jobs.js'
import { sql as webhooks } from './004-webhooks.js'
import { sql as recordings } from './005-recordings.js'
import { sql as meetings } from './006-meetings.js'
import { sql as bots } from './007-bots.js'
import { sql as shares } from './008-shares.js'
import { sql as listingAtScale } from './009-listing-at-scale.js'
import { sql as processingIndex } from './010-processing-index.js'
import { sql as queuedBotsIndex } from './011-queued-bots-index.js'
import { sql as utteranceCountIndex } from './012-utterance-count-index.js'
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
 * Numbered schema changes, applied in order once each. Add new ones at the end; never edit an applied one.
 * `id` is the key `schema_migrations` records, and the file's number: the step number a change also has on
 * Postgres (adapters/stores/postgres/migrations, whose files take the same names).
 */
export const MIGRATIONS: ReadonlyArray<{ readonly id: number; readonly name: string; readonly sql: string }> = [
  { id: 1, name: 'accounts', sql: accounts },
  { id: 2, name: 'organizations', sql: organizations },
  { id: 3, name: 'jobs', sql: jobs },
  { id: 4, name: 'webhooks', sql: webhooks },
  { id: 5, name: 'recordings', sql: recordings },
  { id: 6, name: 'meetings', sql: meetings },
  { id: 7, name: 'bots', sql: bots },
  { id: 8, name: 'shares', sql: shares },
  { id: 9, name: 'listing-at-scale', sql: listingAtScale },
  { id: 10, name: 'processing-index', sql: processingIndex },
  { id: 11, name: 'queued-bots-index', sql: queuedBotsIndex },
  { id: 12, name: 'utterance-count-index', sql: utteranceCountIndex },
  { id: 13, name: 'search', sql: search },
  { id: 14, name: 'deletion-and-retention', sql: deletionAndRetention },
  { id: 15, name: 'notes-edits', sql: notesEdits },
  { id: 16, name: 'run-progress', sql: runProgress },
  { id: 17, name: 'sessions', sql: sessions },
  { id: 18, name: 'run-language', sql: runLanguage },
  { id: 19, name: 'run-failed-stage', sql: runFailedStage },
  { id: 20, name: 'calendar-warnings', sql: calendarWarnings },
  { id: 21, name: 'upload-warnings', sql: uploadWarnings },
  { id: 22, name: 'job-groups', sql: jobGroups },
  { id: 23, name: 'notes-settings', sql: notesSettings },
  { id: 24, name: 'server-admins', sql: serverAdmins },
  { id: 25, name: 'run-transcribed-by', sql: runTranscribedBy },
  { id: 26, name: 'connection-record-declined', sql: connectionRecordDeclined },
  { id: 27, name: 'notes-part-edits', sql: notesPartEdits },
  { id: 28, name: 'share-invitations', sql: shareInvitations },
  { id: 30, name: 'notifications', sql: notifications },
  { id: 31, name: 'connection-names', sql: connectionNames },
  { id: 33, name: 'delivery-payloads', sql: deliveryPayloads },
  { id: 34, name: 'oauth-calendars', sql: oauthCalendars },
  { id: 35, name: 'live-events', sql: liveEvents },
]
