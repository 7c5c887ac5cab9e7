/**
 * The `openai` analyzer: asks any OpenAI-compatible chat-completions server
 * (OpenAI, Ollama, a llama.cpp or vLLM server, ...) for notes of the whole
 * meeting, whatever its length (map-reduce.ts), with the built-in analyzer's
 * candidates as evidence the model must cite (evidence.ts, citations.ts) and
 * the recording's summary template (templates.ts). When the server cannot
 * give notes after its retries (request.ts), the `fallback` analyzer's notes
 * are returned saying why, or, without one, the analysis fails in words.
 */
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import { Notes } from '../../../src/core/domain/notes/notes.js'
import type { AnalysisFailure, AnalysisInput, Analyzer } from '../../../src/core/ports/analyzer.js'
import { createBuiltinAnalyzer } from '../builtin/index.js'
import { attendeesOf, speakerStats } from '../builtin/text/participants.js'
import { type CitationCounts, citer, mergeDecisions, mergeItems, topicsWithShares } from './citations.js'
import { readMeeting } from './map-reduce.js'
import { GENERAL_TEMPLATE } from './templates.js'
import { DEFAULT_CONTEXT_TOKENS } from './tokens.js'

export { templateCatalogue, loadOperatorTemplates, BUILTIN_TEMPLATES, GENERAL_TEMPLATE } from './templates.js'
export { testAnalyzerServer, type ServerTestResult } from './server-test.js'
export { DEFAULT_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from './tokens.js'

export interface OpenAiAnalyzerOptions {
  /** Server root; requests go to `${baseUrl}/v1/chat/completions`. */
  readonly baseUrl: string
  readonly apiKey?: string
  readonly model: string
  /** The model's context length in tokens (NOTETAKER_ANALYZER_CONTEXT_TOKENS); chunks are cut to fit it. Default 8192. */
  readonly contextTokens?: number
  /**
   * One request, answer included; default 300 s: an 8B model on a CPU reads a full 8k chunk at tens of tokens
   * a second and writes its notes slower still, so two minutes, enough for a GPU, would time such servers out.
   */
  readonly timeoutMs?: number
  /** Waits before each retry of a request (connection error, timeout, 429, 5xx); default 1 s then 4 s: 3 tries. */
  readonly retryDelaysMs?: ReadonlyArray<number>
  /** Gives the notes when the server cannot (named in `madeBy.fallbackReason`); without it, the analysis fails. */
  readonly fallback?: Analyzer
  /** Finds the candidate items and decisions given to the model as evidence; default the built-in analyzer in this thread. */
  readonly evidence?: Analyzer
  readonly logger?: Logger
}

const failure = (message: string): AnalysisFailure => ({ _tag: 'AnalysisFailure', message })

export const createOpenAiAnalyzer = (options: OpenAiAnalyzerOptions): Analyzer => {
  const contextTokens = options.contextTokens ?? DEFAULT_CONTEXT_TOKENS
  const evidenceAnalyzer = options.evidence ?? createBuiltinAnalyzer()
  const server = {
    baseUrl: options.baseUrl,
    model: options.model,
    timeoutMs: options.timeoutMs ?? 300_000,
    retryDelaysMs: options.retryDelaysMs ?? [1000, 4000],
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  }

  const analyze = async (input: AnalysisInput, signal: AbortSignal | undefined): Promise<E.Either<AnalysisFailure, Notes>> => {
    const template = input.template ?? GENERAL_TEMPLATE
    const utterances = input.utterances.filter((u) => u.text.trim() !== '')
    const evidence = await evidenceAnalyzer.analyze(input, signal === undefined ? undefined : { signal })()
    if (signal?.aborted === true) return E.left(failure('the analysis was stopped'))
    // no speech: nothing for a model to read; the built-in analyzer says so in its words
    if (utterances.length === 0) return options.fallback !== undefined ? options.fallback.analyze(input, signal === undefined ? undefined : { signal })() : evidence

    const started = Date.now()
    const counts: CitationCounts = { droppedItems: 0, droppedDecisions: 0, recited: 0, ownersCleared: 0, merged: 0 }
    const cite = citer({ utterances, attendees: input.attendees, startsAt: input.startsAt }, counts)
    const builtinNotes = E.isRight(evidence) ? evidence.right : null
    const read = await readMeeting({ ...input, utterances }, builtinNotes, template, contextTokens, server, signal, cite.part)
    const madeBy = (analyzer: string, model: string | null, fallbackReason: string | null) => ({ analyzer, model, template: template.id, fallbackReason })
    const fallBack = async (reason: string): Promise<E.Either<AnalysisFailure, Notes>> => {
      if (options.fallback === undefined) {
        options.logger?.warn({ analyzer: 'openai', reason }, `The language model could not analyse "${input.title}": ${reason}.`)
        return E.left(failure(`The notes could not be written: ${reason}.`))
      }
      options.logger?.warn(
        { analyzer: 'openai', fallback: options.fallback.name, reason },
        `The language model could not analyse "${input.title}" (${reason}); using the ${options.fallback.name} analyzer instead.`,
      )
      // the evidence is the built-in analyzer's notes already: no need to make them twice
      const notes = options.fallback === evidenceAnalyzer ? evidence : await options.fallback.analyze(input, signal === undefined ? undefined : { signal })()
      return E.map((n: Notes): Notes => ({ ...n, madeBy: madeBy(options.fallback!.name, null, reason) }))(notes)
    }
    if (E.isLeft(read)) return read.left.stopped ? E.left(failure(read.left.words)) : fallBack(read.left.words)

    const a = read.right.answer
    const notes: Notes = {
      shortSummary: a.shortSummary.trim(),
      detailedSummary: a.detailedSummary.trim(),
      attendees: attendeesOf(input.attendees, utterances.map((u) => u.speaker)),
      topics: topicsWithShares(a.topics, utterances),
      actionItems: mergeItems(a.actionItems.flatMap((x) => cite.item(x) ?? []), counts),
      decisions: mergeDecisions(a.decisions.flatMap((d) => cite.decision(d) ?? [])),
      speakers: speakerStats(utterances),
      madeBy: madeBy('openai', options.model, null),
    }
    options.logger?.info(
      { analyzer: 'openai', model: options.model, template: template.id, requests: read.right.requests, chunks: read.right.chunks, ms: Date.now() - started, ...counts },
      `The language model wrote the notes of "${input.title}" in ${read.right.requests} request(s)` +
        (counts.droppedItems + counts.droppedDecisions > 0
          ? `; ${counts.droppedItems} action item(s) and ${counts.droppedDecisions} decision(s) cited no moment of the transcript and were dropped`
          : ''),
    )
    if (notes.shortSummary === '' || notes.detailedSummary === '') return fallBack(`the model ${options.model} gave an empty summary`)
    const checked = Notes.decode(notes)
    return E.isRight(checked) ? E.right(checked.right) : fallBack(`the model's notes do not fit the notes schema`)
  }

  return {
    name: 'openai',
    analyze: (input, stoppable): TE.TaskEither<AnalysisFailure, Notes> => () => analyze(input, stoppable?.signal),
  }
}
