/**
 * The whole meeting through a model of any context length. A meeting whose
 * transcript and evidence fit one request takes one request. A longer one is
 * cut into chunks that fit (chunks.ts); each chunk's notes are asked for
 * (map), then merged into the whole meeting's notes (reduce). When the
 * chunks' notes are themselves too long for one merge, neighbouring notes are
 * merged in groups first, level by level, until one merge takes them all.
 */
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { Notes } from '../../../src/core/domain/notes/notes.js'
import type { NotesTemplate } from '../../../src/core/domain/notes/notes-template.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { AnalysisInput } from '../../../src/core/ports/analyzer.js'
import { FinalAnswer, PartAnswer, finalAnswerSchema, partAnswerSchema } from './answer.js'
import { chunkTranscript } from './chunks.js'
import { evidenceByUtterance } from './evidence.js'
import { type Message, type Mode, partNotesText, systemPrompt, userPrompt, WHERE_PLACEHOLDER } from './prompt.js'
import { askModel, type RequestFailure, type ServerOptions } from './request.js'
import { answerReserve, CHARS_PER_TOKEN, estimateTokens, materialBudget } from './tokens.js'

export interface Reading {
  readonly answer: FinalAnswer
  /** Requests that got an answer: chunks, then merges. */
  readonly requests: number
  readonly chunks: number
}

/** Merge levels at most; each level at least halves the notes, so 20 covers any meeting. */
const MAX_LEVELS = 20

const messages = (mode: Mode, template: NotesTemplate, user: string): Message[] => [
  { role: 'system', content: systemPrompt(mode, template) },
  { role: 'user', content: user },
]

const contextTooSmall = (contextTokens: number): RequestFailure => ({
  words: `a context of ${contextTokens} tokens is too small for the notes prompt; raise NOTETAKER_ANALYZER_CONTEXT_TOKENS`,
  stopped: false,
})

/**
 * Groups of consecutive texts that fit the budget. Should no two neighbours
 * fit together (a part's notes could not be shortened enough), they are paired
 * anyway, so every level shrinks and the merging ends.
 */
const groupsOf = (texts: ReadonlyArray<string>, budget: number): string[][] => {
  const groups: string[][] = []
  let cur: string[] = []
  let used = 0
  for (const t of texts) {
    const size = estimateTokens(t) + 1
    if (cur.length > 0 && used + size > budget) {
      groups.push(cur)
      cur = []
      used = 0
    }
    cur.push(t)
    used += size
  }
  if (cur.length > 0) groups.push(cur)
  if (groups.length < texts.length) return groups
  return Array.from({ length: Math.ceil(texts.length / 2) }, (_, i) => texts.slice(2 * i, 2 * i + 2))
}

export const readMeeting = async (
  input: AnalysisInput & { readonly utterances: ReadonlyArray<Utterance> },
  builtin: Notes | null,
  template: NotesTemplate,
  contextTokens: number,
  server: ServerOptions,
  stop: AbortSignal | undefined,
  /** Checks a chunk's citations before its notes are merged (citations.ts). */
  checkPart: (a: PartAnswer) => PartAnswer = (a) => a,
): Promise<E.Either<RequestFailure, Reading>> => {
  const evidence = evidenceByUtterance(input.utterances, builtin)
  const maxTokens = answerReserve(contextTokens)
  const header = (mode: Mode, where?: string) =>
    systemPrompt(mode, template) + userPrompt(input, { ...(where === undefined ? {} : { where }), transcript: [], parts: [], evidence: ['x'] })
  const chunkBudget = materialBudget(contextTokens, header('part', WHERE_PLACEHOLDER))
  const singleBudget = materialBudget(contextTokens, header('single'))
  if (chunkBudget === null || singleBudget === null) return E.left(contextTooSmall(contextTokens))
  let requests = 0
  const ask = async <A>(mode: Mode, user: string, what: string, codec: t.Decoder<unknown, A>) => {
    const wholeMeeting = mode === 'single' || mode === 'merge'
    const out = await askModel<A>(
      server,
      {
        messages: messages(mode, template, user),
        schemaName: wholeMeeting ? 'meeting_notes' : 'meeting_notes_part',
        schema: wholeMeeting ? finalAnswerSchema : partAnswerSchema,
        codec,
        maxTokens,
        what,
      },
      stop,
    )
    if (E.isRight(out)) requests++
    return out
  }

  const whole = chunkTranscript(input.utterances, (i) => evidence.get(i) ?? [], singleBudget)
  if (whole.length === 1) {
    const c = whole[0]!
    const out = await ask<FinalAnswer>('single', userPrompt(input, { evidence: c.evidence, transcript: c.lines }), 'the meeting', FinalAnswer)
    return E.map((answer: FinalAnswer) => ({ answer, requests, chunks: 1 }))(out)
  }

  // map: every chunk's notes, in order
  const chunks = chunkTranscript(input.utterances, (i) => evidence.get(i) ?? [], chunkBudget)
  const first = (lines: ReadonlyArray<string>) => /^\[([^\]]+)\]/.exec(lines[0] ?? '')?.[1] ?? '?'
  const last = (lines: ReadonlyArray<string>) => /^\[([^\]]+)\]/.exec(lines[lines.length - 1] ?? '')?.[1] ?? '?'
  const mergeBudget = materialBudget(contextTokens, header('merge'))
  const groupBudget = materialBudget(contextTokens, header('merge-part', WHERE_PLACEHOLDER))
  if (mergeBudget === null || groupBudget === null) return E.left(contextTooSmall(contextTokens))
  // half a merge at most, so any two neighbours can be merged together
  const partChars = Math.floor((Math.min(mergeBudget, groupBudget) / 2) * CHARS_PER_TOKEN)
  let texts: string[] = []
  for (const [k, c] of chunks.entries()) {
    const where = `Part ${k + 1} of ${chunks.length}, [${first(c.lines)}] to [${last(c.lines)}]`
    const out = await ask<PartAnswer>('part', userPrompt(input, { where, evidence: c.evidence, transcript: c.lines }), `part ${k + 1} of ${chunks.length}`, PartAnswer)
    if (E.isLeft(out)) return out
    texts.push(partNotesText(`Part ${k + 1} ([${first(c.lines)}] to [${last(c.lines)}])`, checkPart(out.right), partChars))
  }

  // reduce: in groups while the notes are too long for one merge, then once
  for (let level = 1; level <= MAX_LEVELS && texts.reduce((a, t) => a + estimateTokens(t) + 1, 0) > mergeBudget; level++) {
    const groups = groupsOf(texts, groupBudget)
    const next: string[] = []
    let from = 1
    for (const [g, group] of groups.entries()) {
      if (group.length === 1) {
        // alone in its group: carried to the next level as it is
        next.push(group[0]!)
        from += 1
        continue
      }
      const where = `Notes ${from} to ${from + group.length - 1} of ${texts.length}`
      const out = await ask<PartAnswer>('merge-part', userPrompt(input, { where, parts: group }), `merge ${g + 1} of ${groups.length} (level ${level})`, PartAnswer)
      if (E.isLeft(out)) return out
      next.push(partNotesText(`Stretch ${g + 1} of ${groups.length}`, checkPart(out.right), partChars))
      from += group.length
    }
    texts = next
  }
  const out = await ask<FinalAnswer>('merge', userPrompt(input, { parts: texts }), 'the merge', FinalAnswer)
  return E.map((answer: FinalAnswer) => ({ answer, requests, chunks: chunks.length }))(out)
}

