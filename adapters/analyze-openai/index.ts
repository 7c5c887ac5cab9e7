/**
 * The `openai` analyzer: asks any OpenAI-compatible chat-completions server
 * (OpenAI, a local llama.cpp or vLLM server, ...) for notes with a JSON
 * Schema response format, checks the answer against the codecs, and falls back
 * to another analyzer on any failure, saying why in the log.
 */
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import type { Logger } from 'pino'
import { Notes } from '../../src/core/domain/notes.js'
import type { AnalysisInput, Analyzer } from '../../src/core/ports/analyzer.js'
import { attendeesOf, speakerStats } from '../analyze-builtin/participants.js'
import { sharesOf } from '../analyze-builtin/shares.js'
import { ModelAnswer, modelAnswerSchema } from './answer.js'
import { clock, messagesFor } from './prompt.js'

export interface OpenAiAnalyzerOptions {
  /** Server root; requests go to `${baseUrl}/v1/chat/completions`. */
  readonly baseUrl: string
  readonly apiKey?: string
  readonly model: string
  /** Whole request, answer included; default 120 s. */
  readonly timeoutMs?: number
  /** Transcript characters sent at most; longer meetings keep their start and end. Default 48,000. */
  readonly maxTranscriptChars?: number
  /** Used whenever the model cannot give valid notes. */
  readonly fallback: Analyzer
  readonly logger?: Logger
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

const post = (o: OpenAiAnalyzerOptions, input: AnalysisInput, stop: AbortSignal | undefined): TE.TaskEither<string, unknown> =>
  TE.tryCatch(
    async () => {
      const res = await fetch(`${o.baseUrl.replace(/\/+$/, '')}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.apiKey !== undefined && o.apiKey !== '' ? { authorization: `Bearer ${o.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: o.model,
          temperature: 0,
          messages: messagesFor(input, o.maxTranscriptChars ?? 48_000),
          response_format: { type: 'json_schema', json_schema: { name: 'meeting_notes', strict: true, schema: modelAnswerSchema } },
        }),
        // The request's own timeout, or the processing time limit, whichever comes first.
        signal: stop === undefined ? AbortSignal.timeout(o.timeoutMs ?? 120_000) : AbortSignal.any([AbortSignal.timeout(o.timeoutMs ?? 120_000), stop]),
      })
      const body = await res.text()
      if (!res.ok) throw new Error(`the server answered HTTP ${res.status}: ${body.slice(0, 200)}`)
      return JSON.parse(body) as unknown
    },
    (e) =>
      e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
        ? `no answer within ${o.timeoutMs ?? 120_000} ms`
        : e instanceof SyntaxError
          ? 'the server did not answer with JSON'
          : `the request failed: ${e instanceof Error ? e.message : String(e)}`,
  )

/** The model's message content, parsed as JSON. */
const contentOf = (completion: unknown): E.Either<string, unknown> => {
  const content = (completion as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content
  if (typeof content !== 'string') return E.left('the answer holds no message content')
  return E.tryCatch(
    () => JSON.parse(content) as unknown,
    () => 'the model did not answer with valid JSON',
  )
}

/**
 * The model's decisions, tied to the utterance whose [time] it quotes (the
 * clock the prompt writes); a time or speaker the transcript does not have is null.
 */
const decisionsOf = (input: AnalysisInput, a: ModelAnswer): Notes['decisions'] => {
  const byClock = new Map<string, AnalysisInput['utterances'][number]>()
  for (const u of input.utterances) if (!byClock.has(clock(u.start_ms))) byClock.set(clock(u.start_ms), u)
  const speakers = new Set(input.utterances.map((u) => u.speaker))
  const blankToNull = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim())
  return a.decisions
    .filter((d) => d.text.trim() !== '')
    .map((d) => {
      const u = d.time === null ? undefined : byClock.get(d.time.trim().replace(/^\[|\]$/g, ''))
      const speaker = blankToNull(d.speaker)
      return {
        text: d.text.trim(),
        by: blankToNull(d.by),
        atMs: u?.start_ms ?? null,
        speaker: u?.speaker ?? (speaker !== null && speakers.has(speaker) ? speaker : null),
      }
    })
}

const toNotes = (input: AnalysisInput, a: ModelAnswer): E.Either<string, Notes> => {
  const shares = sharesOf(a.topics.map((t) => t.share))
  const notes: Notes = {
    shortSummary: a.shortSummary.trim(),
    detailedSummary: a.detailedSummary.trim(),
    attendees: attendeesOf(input.attendees, input.utterances.map((u) => u.speaker)),
    topics: a.topics.map((t, i) => ({ label: t.label.trim(), share: shares[i]! })),
    actionItems: a.actionItems.map((x) => ({
      title: x.title.trim(),
      owner: x.owner === null || x.owner.trim() === '' ? null : x.owner.trim(),
      due: x.due !== null && DATE.test(x.due) && !Number.isNaN(Date.parse(x.due)) ? x.due : null,
      status: 'active' as const,
      context: x.context.trim(),
      tags: x.tags,
    })),
    decisions: decisionsOf(input, a),
    speakers: speakerStats(input.utterances),
  }
  if (notes.shortSummary === '' || notes.detailedSummary === '') return E.left('the model gave an empty summary')
  return pipe(
    Notes.decode(notes),
    E.mapLeft((errors) => `the notes do not fit the schema: ${PathReporter.report(E.left(errors)).join('; ')}`),
  )
}

export const createOpenAiAnalyzer = (options: OpenAiAnalyzerOptions): Analyzer => ({
  name: 'openai',
  analyze: (input, stoppable) => {
    if (input.utterances.every((u) => u.text.trim() === '')) return options.fallback.analyze(input, stoppable)
    return pipe(
      post(options, input, stoppable?.signal),
      TE.flatMapEither(contentOf),
      TE.flatMapEither((json) =>
        pipe(
          ModelAnswer.decode(json),
          E.mapLeft((errors) => `the answer does not match the schema: ${PathReporter.report(E.left(errors)).join('; ')}`),
        ),
      ),
      TE.flatMapEither((answer) => toNotes(input, answer)),
      TE.orElse((reason) => {
        options.logger?.warn(
          { analyzer: 'openai', fallback: options.fallback.name, reason },
          `The language model could not analyse "${input.title}" (${reason}); using the ${options.fallback.name} analyzer instead.`,
        )
        return options.fallback.analyze(input, stoppable)
      }),
    )
  },
})
