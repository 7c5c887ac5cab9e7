/**
 * Processing: the `recording.process` job turns a stored recording (an upload's
 * file, or what a bot recorded) into a transcript and notes, in stages
 * (transcribing, analysing) with checkpoints, progress, a time limit per
 * attempt, failures in words, and recovery after a crash. Uploads and bots hand
 * work to it with `processJob`; it keeps its results through `recordings`.
 */
import type { JobHandler } from '../ports/job-handler.js'
import type { ProcessDeps } from './process-deps.js'
import { PROCESS_JOB } from './process-job.js'
import { processRecording } from './process-recording.js'
import { resumeProcessing } from './resume-processing.js'

export const processingUseCases = (deps: ProcessDeps) => ({
  jobHandlers: { [PROCESS_JOB]: processRecording(deps) } as Readonly<Record<string, JobHandler>>,
  /** Run at a worker's start: queues processing for recordings a crash left without their job. */
  resumeProcessing: resumeProcessing(deps),
})

export type ProcessingUseCases = ReturnType<typeof processingUseCases>

export type { ProcessDeps } from './process-deps.js'
export { PROCESS_JOB, processJob } from './process-job.js'
export { DEFAULT_PROCESSING_TIMEOUT } from './process-deps.js'
export type { ProcessingTimeout } from './processing-deadline.js'
export { RESUME_LIMIT, type Requeued, requeue } from './requeue.js'
