/**
 * The whole built-in analysis of one transcript, as a pure function. The
 * segmentation is returned beside the notes so the evaluation can score it.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Notes } from '../../../src/core/domain/notes/notes.js'
import type { AnalysisFailure, AnalysisInput } from '../../../src/core/ports/analyzer.js'
import { findActionItemsWithSources } from './actions/action-items.js'
import { findDecisions } from './actions/decisions.js'
import { attendeesOf, speakerStats } from './text/participants.js'
import { segmentTopics, type SegmentOptions, type Span, defaultSegmentOptions } from './topics/segment.js'
import { termsByUtterance, toSentences } from './text/sentences.js'
import { defaultSummaryOptions, selectSummarySentences, type SummaryOptions } from './summary/summarize.js'
import { voicesOf } from './text/meeting-voices.js'
import { noteCost, writableAsNote } from './summary/reported-speech.js'
import { detailedNotes, pointsBudget, shortNotes, type SummaryContext } from './summary/summary-notes.js'
import { keyPhrases, topicsOf } from './topics/topics.js'
import { chunkIdf } from './text/weights.js'

export interface BuiltinOptions {
  readonly summary: SummaryOptions
  readonly segmentation: SegmentOptions
}

export const defaultBuiltinOptions: BuiltinOptions = {
  summary: defaultSummaryOptions,
  segmentation: defaultSegmentOptions,
}

export interface Analysis {
  readonly notes: Notes
  /** Topic segments as inclusive utterance index spans, in order, covering every utterance. */
  readonly spans: ReadonlyArray<Span>
  /** Per action item, the indices of the (non-empty) utterances it was made from; for the evaluation. */
  readonly itemSources: ReadonlyArray<ReadonlyArray<number>>
}

const failure = (message: string): AnalysisFailure => ({ _tag: 'AnalysisFailure', message })

export const analyzeTranscript = (
  input: AnalysisInput,
  options: BuiltinOptions = defaultBuiltinOptions,
): E.Either<AnalysisFailure, Analysis> => {
  const utterances = input.utterances.filter((u) => u.text.trim() !== '')
  if (utterances.length === 0) return E.left(failure('The transcript has no speech to analyse.'))
  if (Number.isNaN(Date.parse(input.startsAt))) return E.left(failure('The meeting start time is not a valid date.'))
  const sentences = toSentences(utterances)
  const terms = termsByUtterance(utterances.length, sentences)
  const weights = chunkIdf(terms)
  const spans = segmentTopics(terms, options.segmentation, utterances)
  const topics = topicsOf(utterances, sentences, spans, weights)
  const mainPhrases = keyPhrases(sentences.map((s) => s.text), weights, 3, 0)
  const found = findActionItemsWithSources(sentences, utterances, input.startsAt)
  const actionItems = found.map((f) => f.item)
  const decisions = findDecisions(sentences, utterances)
  const summary: SummaryContext = { sentences, spans, labels: topics.map((t) => t.label), subjects: mainPhrases, decisions, actionItems }
  const budget = { ...options.summary, ...pointsBudget(options.summary, summary) }
  const voices = voicesOf(sentences)
  const ranked = selectSummarySentences(sentences, spans, weights, budget, noteCost, writableAsNote(voices))
  return E.right({
    spans,
    itemSources: found.map((f) => f.sources),
    notes: {
      shortSummary: shortNotes(summary, voices),
      detailedSummary: detailedNotes(summary, ranked, voices),
      attendees: attendeesOf(input.attendees, utterances.map((u) => u.speaker)),
      topics,
      actionItems,
      decisions,
      speakers: speakerStats(utterances),
    },
  })
}
