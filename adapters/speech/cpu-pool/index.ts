/**
 * CPU-heavy processing on worker threads (piscina), so reading a 50 MB
 * transcript, analyzing a long meeting or reading a 10 MB calendar feed never
 * holds up the thread that answers requests: the transcript parser, the
 * built-in analyzer and the feed reader, run as tasks of one small pool.
 */
import * as E from 'fp-ts/lib/Either.js'
import { Piscina } from 'piscina'
import type { Notes } from '../../../src/core/domain/notes/notes.js'
import type { AnalysisFailure, Analyzer } from '../../../src/core/ports/analyzer.js'
import { builtinMadeBy } from '../../notes/builtin/index.js'
import { type CalendarEvent, type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import type { TranscriptParseFailure, TranscriptParser } from '../../../src/core/ports/transcript-parser.js'
import type { FeedParser } from '../../outbound/calendar-ics/ics-provider.js'
import { fromBatchesYielding, toBatchesYielding } from './batches.js'
import type { Answer, Task } from './tasks.js'

export interface CpuPoolOptions {
  /** Worker threads; tasks beyond this wait their turn. */
  readonly threads: number
}

export interface CpuPool {
  readonly transcriptParser: TranscriptParser
  /** The built-in analyzer, on the pool. */
  readonly analyzer: Analyzer
  /** parseIcs, on the pool; its signal terminates the thread reading the feed. */
  readonly feedParser: FeedParser
  close(): Promise<void>
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e))
const why = (e: unknown, signal: AbortSignal | undefined) => (signal?.aborted === true ? `was stopped: ${reason(signal.reason)}` : `stopped unexpectedly: ${reason(e)}`)
const analysisStopped = (e: unknown, signal?: AbortSignal): AnalysisFailure => ({ _tag: 'AnalysisFailure', message: `analysis ${why(e, signal)}` })
const readingStopped = (e: unknown, signal?: AbortSignal): TranscriptParseFailure => ({ _tag: 'TranscriptParseFailure', line: null, message: `reading the transcript ${why(e, signal)}` })

/** The account reads these as lastError: in words, the thread's own error only in `cause` (the server log). */
const feedStopped = (e: unknown, signal?: AbortSignal): CalendarFailure =>
  signal?.aborted === true
    ? { ...calendarFailure(`Reading the calendar feed was stopped: ${reason(signal.reason)}.`, false), cause: e }
    : { ...calendarFailure('The calendar could not be read: the feed reader stopped unexpectedly. The sync will be tried again.', true), cause: e }

const runOptions = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal })

export const createCpuPool = (o: CpuPoolOptions): CpuPool => {
  const pool = new Piscina<Task, Answer>({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: o.threads,
    // A thread left idle this long is stopped; the next task starts one again.
    idleTimeout: 60_000,
    // Processing is background work: the threads step back whenever the thread that answers
    // requests wants the CPU, and still use every cycle left over (@napi-rs/nice, where it installs).
    niceIncrement: 10,
  })
  return {
    transcriptParser: {
      parse: (format, bytes, limits, options) => async () => {
        try {
          // Aborted while it runs, piscina terminates its thread: the work really stops, and a fresh thread takes the next task.
          const answer = await pool.run({ kind: 'parse', format, bytes, limits }, runOptions(options?.signal))
          if (answer.kind !== 'parsed') throw new Error(`the pool answered ${answer.kind} to parse`)
          if (E.isLeft(answer.result)) return answer.result
          const { batches, ...rest } = answer.result.right
          return E.right({ ...rest, utterances: await fromBatchesYielding(batches) })
        } catch (e) {
          return E.left(readingStopped(e, options?.signal))
        }
      },
    },
    analyzer: {
      name: 'builtin',
      analyze: ({ utterances, ...input }, options) => async () => {
        try {
          const answer = await pool.run({ kind: 'analyze', input, utterances: await toBatchesYielding(utterances) }, runOptions(options?.signal))
          if (answer.kind !== 'analyzed') throw new Error(`the pool answered ${answer.kind} to analyze`)
          return E.map((notes: Notes): Notes => ({ ...notes, madeBy: builtinMadeBy(input) }))(answer.result)
        } catch (e) {
          return E.left(analysisStopped(e, options?.signal))
        }
      },
    },
    feedParser: (text, window, options, run) => async () => {
      try {
        const answer = await pool.run({ kind: 'parseIcs', text, window, options }, runOptions(run?.signal))
        if (answer.kind !== 'parsedIcs') throw new Error(`the pool answered ${answer.kind} to parseIcs`)
        if (E.isLeft(answer.result)) return answer.result
        const { batches, ...rest } = answer.result.right
        return E.right({ ...rest, events: await fromBatchesYielding<CalendarEvent>(batches) })
      } catch (e) {
        return E.left(feedStopped(e, run?.signal))
      }
    },
    close: () => pool.destroy(),
  }
}
