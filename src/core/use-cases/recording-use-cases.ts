import type { Plan } from '../domain/account.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Analyzer } from '../ports/analyzer.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { Clock } from '../ports/clock.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { Ids } from '../ports/ids.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { NotesStore, RunStore, UploadStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { TranscriptParser } from '../ports/transcript-parser.js'
import { monthStart, readAllowance } from './check-allowance.js'
import { createUpload } from './create-upload.js'
import { processRecording } from './process-recording.js'
import { getRecording, getUpload, listRecordings, listUploads, openAudio, pageTranscript } from './read-recordings.js'
import { listRecordingShares } from './list-recording-shares.js'
import { retryUpload } from './retry-upload.js'
import { revokeRecordingShare } from './revoke-recording-share.js'
import { shareRecording } from './share-recording.js'
import { resumeProcessing } from './resume-processing.js'
import { PROCESS_JOB, storeUploadContent } from './store-upload-content.js'

export interface RecordingDeps {
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
  /** Recordings shared with other people, by email. */
  readonly shares: RecordingShareStore
  readonly blobs: BlobStore
  readonly jobs: JobQueue
  readonly events: EventPublisher
  readonly transcriptParser: TranscriptParser
  readonly transcriber: Transcriber
  readonly analyzer: Analyzer
  readonly clock: Clock
  readonly ids: Ids
  /** Largest upload accepted, in bytes. */
  readonly maxUploadBytes: number
}

/** Recordings, uploads and the processing pipeline that turns either into notes. */
export const recordingUseCases = (deps: RecordingDeps) => {
  const processDeps = { ...deps, parser: deps.transcriptParser }
  const jobHandlers: Record<string, JobHandler> = { [PROCESS_JOB]: processRecording(processDeps) }
  return {
    jobHandlers,
    createUpload: createUpload(deps),
    storeUploadContent: storeUploadContent(deps),
    retryUpload: retryUpload(deps),
    /** Run at a worker's start: queues processing for recordings a crash left without their job. */
    resumeProcessing: resumeProcessing(deps),
    getUpload: getUpload(deps),
    listUploads: listUploads(deps),
    listRecordings: listRecordings(deps),
    getRecording: getRecording(deps),
    pageTranscript: pageTranscript(deps),
    openAudio: openAudio(deps),
    share: shareRecording(deps),
    listShares: listRecordingShares(deps),
    revokeShare: revokeRecordingShare(deps),
    readAllowance: readAllowance(deps),
    /** When the current allowance month began. */
    allowanceSince: () => monthStart(deps.clock.now()),
  }
}
