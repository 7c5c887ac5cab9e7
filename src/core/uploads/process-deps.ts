import type { Analyzer } from '../ports/analyzer.js'
import type { Transcriber } from '../ports/transcriber.js'
import type { TranscriptParser } from '../ports/transcript-parser.js'
import type { EraseDeps, PublishDeps } from '../recordings/index.js'

/** What processing a recording needs: the recording stores (as erasing one does, for a recording deleted meanwhile) and the engines. */
export interface ProcessDeps extends PublishDeps, EraseDeps {
  readonly parser: TranscriptParser
  readonly transcriber: Transcriber
  readonly analyzer: Analyzer
  /** A transcript file bigger than this is refused at upload; one stored anyway (an older upload) fails to process. */
  readonly maxTranscriptBytes: number
  /** A transcript, read or transcribed, with more utterances than this fails with a message saying so. */
  readonly maxUtterances: number
}
