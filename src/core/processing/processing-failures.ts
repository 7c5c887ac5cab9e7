import type { ProgressStage, Run } from '../domain/run.js'
import type { AppError } from '../errors.js'
import type { JobFailure } from '../ports/job-handler.js'

/** A processing failure, with the stage it happened in: the upload's error names it, and a retry starts again there. */
export interface StageFailure extends JobFailure {
  readonly stage: ProgressStage
  /** The time limit stopped it: `message` says so whole. */
  readonly stopped?: true
}

/** A failure the user must act on: retrying the same input cannot help. */
export const final = (message: string): JobFailure => ({ retryable: false, message })
export const transient = (e: AppError): JobFailure => ({ retryable: true, message: e._tag === 'StoreFailure' ? 'the store failed' : JSON.stringify(e) })

export const inStage =
  (stage: ProgressStage) =>
  (failure: JobFailure): StageFailure => ({ ...failure, stage })

/** The run's error for its reader: which stage failed, why, and what was kept. */
export const failureMessage = (run: Pick<Run, 'source'>, failure: StageFailure, attempts: number): string => {
  if (failure.stopped === true) return failure.message
  const why = failure.retryable ? `${failure.message} (tried ${attempts} times)` : failure.message
  if (failure.stage === 'analysing')
    return `Analysing failed: ${why}. The transcript is kept and can be read; a retry analyses it again without transcribing.`
  return run.source?.kind === 'transcript' ? `Reading the transcript failed: ${why}` : `Transcribing failed: ${why}`
}
