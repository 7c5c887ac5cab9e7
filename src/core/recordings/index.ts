/**
 * Recordings: reading runs with their notes, transcript and audio, the monthly
 * allowance they count against, and the run moves and events the pipeline and
 * the bots share.
 */
import type { Plan } from '../domain/account.js'
import type { Clock } from '../ports/clock.js'
import { type AllowanceDeps, monthStart, readAllowance } from './check-allowance.js'
import { getRecording, listRecordings, openAudio, pageTranscript, type ReadDeps } from './read-recordings.js'

export interface RecordingDeps extends ReadDeps, AllowanceDeps {
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
}

export const recordingUseCases = (deps: RecordingDeps) => ({
  listRecordings: listRecordings(deps),
  getRecording: getRecording(deps),
  pageTranscript: pageTranscript(deps),
  openAudio: openAudio(deps),
  readAllowance: readAllowance(deps),
  /** When the current allowance month began. */
  allowanceSince: () => monthStart(deps.clock.now()),
})

export type RecordingUseCases = ReturnType<typeof recordingUseCases>

export { type AudioFile, INCLUDED_UTTERANCES, type RecordingDetail, type Scope } from './read-recordings.js'
export { type Allowance, type AllowanceDeps, allowanceSpentMessage, createCountedRun, liveBotMessage, monthStart, readAllowance } from './check-allowance.js'
export { moveRun } from './move-run.js'
export { ignoreFailure, type PublishDeps, publishRunEvent, publishUploadEvent } from './publish-run-event.js'
export { readBlobText } from './read-blob-text.js'
