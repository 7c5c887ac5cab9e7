import * as E from 'fp-ts/lib/Either.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { BUILTIN_TEMPLATE_IDS, BUILTIN_TEMPLATE_NAMES } from '../../domain/notes/notes-template.js'
import type { Notes } from '../../domain/notes/notes.js'
import type { Analyzer } from '../../ports/analyzer.js'
import type { NotesEngines } from '../../ports/notes-engines.js'

/** An analyzer that answers `inner`'s notes marked as a fallback, for `reason`. */
export const fallingBackFor = (inner: Analyzer, reason: string): Analyzer => ({
  name: inner.name,
  analyze: (input, options) =>
    TE.map((n: Notes): Notes => ({ ...n, madeBy: { analyzer: inner.name, model: null, template: input.template?.id ?? null, fallbackReason: reason } }))(
      inner.analyze(input, options),
    ),
})

const NOT_WIRED = 'This server has no OpenAI-compatible analyzer wired, so it cannot ask a notes server'

/**
 * The engines a core built without any (an embedding program that passes only `analyzer`):
 * the analyzer for everything, the built-in templates, and no notes server, so settings
 * naming one are refused rather than silently ignored.
 */
export const analyzerOnlyEngines = (analyzer: Analyzer): NotesEngines => ({
  builtin: analyzer,
  openai: () => fallingBackFor(analyzer, NOT_WIRED),
  testServer: () => T.of({ ok: false, error: NOT_WIRED, ms: 0 }),
  vetUrl: () => E.left(NOT_WIRED),
  templates: () => BUILTIN_TEMPLATE_IDS.map((id) => ({ id, name: BUILTIN_TEMPLATE_NAMES[id], instructions: '', source: 'builtin' as const })),
  serverChoice: { analyzer: 'builtin' },
})

/** The engines the ports name, else the analyzer-only ones. */
export const enginesOf = (deps: { readonly notesEngines?: NotesEngines; readonly analyzer: Analyzer }): NotesEngines =>
  deps.notesEngines ?? analyzerOnlyEngines(deps.analyzer)
