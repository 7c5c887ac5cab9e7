/**
 * Recordings: reading runs with their notes, transcript and audio, the monthly
 * allowance they count against, and the run moves and events the pipeline and
 * the bots share.
 */
import type { Plan } from '../domain/identity/account.js'
import type { Clock } from '../ports/clock.js'
import { type AllowanceDeps, monthStart, readAllowance } from './check-allowance.js'
import { getRecording, listRecordings, openAudio, pageTranscript, type ReadDeps } from './read-recordings.js'
import { editActionItem, renameSpeaker } from './notes/edit-notes.js'
import { addActionItem, type CorrectNotesDeps, deleteActionItem, editNotes, editTopic, renameRecording } from './notes/correct-notes.js'
import { exportRecording } from './export-recording.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import { type AccountSettingsDeps, readSettings, updateSettings } from './account-settings.js'
import { deleteRecording } from './delete-recording.js'
import type { EraseDeps } from './erase-run.js'
import { queueRetentionSweep, RETENTION_JOB, sweepRetention } from './sweep-retention.js'
import { type NotesSettingsDeps, readNotesSettings, updateNotesSettings } from './notes/notes-settings.js'
import { checkTemplateChoice, notesPlanFor } from './notes/notes-plan.js'
import { testNotesServer } from './notes/test-notes-server.js'

export interface RecordingDeps extends ReadDeps, CorrectNotesDeps, AllowanceDeps, EraseDeps, AccountSettingsDeps, NotesSettingsDeps {
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
  readonly jobs: JobQueue
  /** How often the retention sweep runs; hourly when absent. */
  readonly retentionSweepMs?: number
}

const HOURLY = 60 * 60 * 1000

export const recordingUseCases = (deps: RecordingDeps) => {
  const sweepDeps = { ...deps, retentionSweepMs: deps.retentionSweepMs ?? HOURLY }
  return {
    jobHandlers: { [RETENTION_JOB]: sweepRetention(sweepDeps) } as Readonly<Record<string, JobHandler>>,
    deleteRecording: deleteRecording(deps),
    readSettings: readSettings(deps),
    updateSettings: updateSettings(deps),
    /** Notes settings of the caller's organization (or account): GET, PUT and the server test. */
    readNotesSettings: readNotesSettings(deps),
    updateNotesSettings: updateNotesSettings(deps),
    testNotesServer: testNotesServer(deps),
    /** What would make the caller's next notes (GET /server): the analyzer, model and default template. */
    nextNotes: (accountId: string) => notesPlanFor(deps)(accountId, null),
    /** Starts the retention sweep's chain (idempotent: every worker calls it at start). */
    startRetentionSweep: () => queueRetentionSweep(sweepDeps)(),
    listRecordings: listRecordings(deps),
    getRecording: getRecording(deps),
    exportRecording: exportRecording(deps),
    renameSpeaker: renameSpeaker(deps),
    editActionItem: editActionItem(deps),
    renameRecording: renameRecording(deps),
    editNotes: editNotes(deps),
    editTopic: editTopic(deps),
    addActionItem: addActionItem(deps),
    deleteActionItem: deleteActionItem(deps),
    pageTranscript: pageTranscript(deps),
    openAudio: openAudio(deps),
    readAllowance: readAllowance(deps),
    /** When the current allowance month began. */
    allowanceSince: () => monthStart(deps.clock.now()),
  }
}

export type RecordingUseCases = ReturnType<typeof recordingUseCases>

export { type AudioFile, INCLUDED_UTTERANCES, type ListedRecording, type RecordingDetail, type Scope } from './read-recordings.js'
export { applyNotesEdits, type Edited, type EditedParts, NOT_EDITED, type ReadNotes, type ReadTopic, type Speaker } from './notes/apply-notes-edits.js'
export type { ActionItemPatch, SpeakerPatch } from './notes/edit-notes.js'
export type { NewActionItem, NotesPatch } from './notes/correct-notes.js'
export type { RecordingExport, TranscriptReader } from './export-recording.js'
export { readRecordingFilter, type RecordingListFilters } from './recording-filter.js'
export { type Allowance, type AllowanceDeps, allowanceRules, allowanceSpentMessage, LIFT_ALLOWANCE, createCountedRun, liveBotMessage, monthStart, readAllowance } from './check-allowance.js'
export { moveRun } from './move-run.js'
export { ignoreFailure, type PublishDeps, publishRunEvent, publishUploadEvent } from './publish-run-event.js'
export { readBlobBytes, readBlobText } from './read-blob-text.js'
export { type EraseDeps, eraseRun } from './erase-run.js'
export { RETENTION_JOB, SWEEP_BATCH } from './sweep-retention.js'
export type { SettingsPatch } from './account-settings.js'
export { checkTemplateChoice, type NotesPlan, notesPlanFor } from './notes/notes-plan.js'
export { fallingBackFor } from './notes/notes-engines-of.js'
export type { NotesSettingsDeps, NotesSettingsInput, NotesSettingsView, NotesServerView } from './notes/notes-settings.js'
export type { NotesServerProbe } from './notes/test-notes-server.js'
