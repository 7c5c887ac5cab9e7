/**
 * The built-in analyzer: offline, deterministic, pure TypeScript. See
 * analyze.ts for the pipeline and the files it names for each step.
 */
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notes, NotesMadeBy } from '../../../src/core/domain/notes/notes.js'
import type { AnalysisFailure, AnalysisInput, Analyzer } from '../../../src/core/ports/analyzer.js'
import { analyzeTranscript, defaultBuiltinOptions, type BuiltinOptions } from './analyze.js'

export { analyzeTranscript, defaultBuiltinOptions, type Analysis, type BuiltinOptions } from './analyze.js'
export { attendeesOf, speakerStats } from './text/participants.js'
export { actionItemsOfUtterances, findActionItems, findActionItemsWithSources, type FoundActionItem } from './actions/action-items.js'
export { findDecisions } from './actions/decisions.js'
export type { Span } from './topics/segment.js'

/** What the built-in analyzer's notes say made them (the pool's analyzer says the same). */
export const builtinMadeBy = (input: Pick<AnalysisInput, 'template'>): NotesMadeBy => ({
  analyzer: 'builtin',
  model: null,
  template: input.template?.id ?? null,
  fallbackReason: null,
})

/** The `builtin` analyzer; options are for tuning and evaluation, the defaults are the product's. */
export const createBuiltinAnalyzer = (options: BuiltinOptions = defaultBuiltinOptions): Analyzer => ({
  name: 'builtin',
  // the work runs when the task runs, not when it is built
  analyze: (input): TE.TaskEither<AnalysisFailure, Notes> => () =>
    Promise.resolve(
      pipe(
        analyzeTranscript(input, options),
        E.map((a): Notes => ({ ...a.notes, madeBy: builtinMadeBy(input) })),
      ),
    ),
})
