import type { Analyzer } from '../ports/analyzer.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { TranscriptParser } from '../ports/transcript-parser.js'
import type { EraseDeps, NotesSettingsDeps, PublishDeps } from '../recordings/index.js'
import type { ProcessingTimeout } from './processing-deadline.js'
import type { ResumeProcessingDeps } from './resume-processing.js'

/**
 * What processing a recording needs: the recording stores (as erasing one does, for a recording
 * deleted meanwhile), the engines, and the notes settings (read at each analysis: notesPlanFor).
 */
export interface ProcessDeps extends PublishDeps, EraseDeps, NotesSettingsDeps, ResumeProcessingDeps {
  readonly transcriptParser: TranscriptParser
  readonly transcriber: Transcriber
  /** The server's configured analyzer: what makes notes where no notes settings are saved. */
  readonly analyzer: Analyzer
  /** A transcript file bigger than this is refused at upload; one stored anyway (an older upload) fails to process. */
  readonly maxTranscriptBytes: number
  /** A transcript, read or transcribed, with more utterances than this fails with a message saying so. */
  readonly maxUtterances: number
  /** How long one processing attempt may run before it is stopped and the recording fails; DEFAULT_PROCESSING_TIMEOUT when absent. */
  readonly processingTimeout?: ProcessingTimeout
  /** The length of an audio file, from its header, for the time limit; null when it cannot be read. Absent: never known. */
  readonly audioLengthMs?: (path: string) => Promise<number | null>
}

/** 30 minutes, and 3 more per minute of audio (an hour's meeting: 3.5 hours), as NOTETAKER_PROCESSING_TIMEOUT_* default to. */
export const DEFAULT_PROCESSING_TIMEOUT: ProcessingTimeout = { baseMs: 30 * 60_000, perAudioMinuteMs: 3 * 60_000 }
