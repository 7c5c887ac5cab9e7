import type { ProgressStage, Run } from '../domain/recordings/run.js'
import { type AppError, type JobFailure, retryableFailure } from '../errors.js'

/** A store's failure during processing: worth another attempt, and told without its internals. */
export const transient = (e: AppError): JobFailure => retryableFailure(e._tag === 'StoreFailure' ? 'the store failed' : JSON.stringify(e))

/** Names the stage a failure happened in: the run's error names it, and a retry starts again there. */
export const inStage =
  (stage: ProgressStage) =>
  (failure: JobFailure): JobFailure => ({ ...failure, stage })

/** The run's error for its reader: which stage failed, why, and what was kept. */
export const failureMessage = (run: Pick<Run, 'source'>, failure: JobFailure, stage: ProgressStage, attempts: number): string => {
  if (failure.stopped === true) return failure.message
  const why = failure.retryable ? `${failure.message} (tried ${attempts} times)` : failure.message
  if (stage === 'analysing')
    return `Analysing failed: ${why}. The transcript is kept and can be read; a retry analyses it again without transcribing.`
  return run.source?.kind === 'transcript' ? `Reading the transcript failed: ${why}` : `Transcribing failed: ${why}`
}
