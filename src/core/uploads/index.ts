/**
 * Uploads and processing: a file made elsewhere (audio or a transcript) is
 * stored, then the `recording.process` job turns it, or a bot's recording,
 * into a transcript and notes.
 */
import type { Analyzer } from '../ports/analyzer.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesStore } from '../ports/recording-stores.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { TranscriptParser } from '../ports/transcript-parser.js'
import { type CreateUploadDeps, createUpload } from './create-upload.js'
import { processRecording } from './process-recording.js'
import { getUpload, listUploads } from './read-uploads.js'
import { resumeProcessing } from './resume-processing.js'
import { retryUpload } from './retry-upload.js'
import { deleteUpload } from './delete-upload.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import { PROCESS_JOB, type StoreUploadContentDeps, storeUploadContent } from './store-upload-content.js'
import type { NotesSettingsDeps, PublishDeps } from '../recordings/index.js'
import type { ProcessDeps } from './process-deps.js'

export interface UploadDeps extends CreateUploadDeps, StoreUploadContentDeps, PublishDeps, NotesSettingsDeps, Pick<ProcessDeps, 'processingTimeout' | 'audioLengthMs'> {
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
  readonly shares: RecordingShareStore
  readonly transcriptParser: TranscriptParser
  readonly transcriber: Transcriber
  readonly analyzer: Analyzer
  /** A transcript, read or transcribed, with more utterances than this fails with a message saying so. */
  readonly maxUtterances: number
}

export const uploadUseCases = (deps: UploadDeps) => ({
  jobHandlers: { [PROCESS_JOB]: processRecording({ ...deps, parser: deps.transcriptParser }) } as Readonly<Record<string, JobHandler>>,
  createUpload: createUpload(deps),
  storeUploadContent: storeUploadContent(deps),
  retryUpload: retryUpload(deps),
  /** An upload whose file was never sent, with its recording. */
  deleteUpload: deleteUpload(deps),
  /** Run at a worker's start: queues processing for recordings a crash left without their job. */
  resumeProcessing: resumeProcessing(deps),
  getUpload: getUpload(deps),
  listUploads: listUploads(deps),
})

export type UploadUseCases = ReturnType<typeof uploadUseCases>

export type { CreateUploadInput } from './create-upload.js'
export type { UploadView } from './read-uploads.js'
export { PROCESS_JOB, processJob } from './store-upload-content.js'
export { DEFAULT_PROCESSING_TIMEOUT } from './process-deps.js'
export type { ProcessingTimeout } from './processing-deadline.js'
export { RESUME_LIMIT, type Requeued, requeue } from './requeue.js'
