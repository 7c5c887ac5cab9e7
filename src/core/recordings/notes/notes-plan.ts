import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notes } from '../../domain/notes/notes.js'
import { type CataloguedTemplate, DEFAULT_TEMPLATE, type NotesSettings, unknownTemplateWords } from '../../domain/notes/notes-settings.js'
import type { NotesTemplate } from '../../domain/notes/notes-template.js'
import { type AppError, invalidField } from '../../errors.js'
import type { Analyzer } from '../../ports/analyzer.js'
import type { NotesEngines } from '../../ports/notes-engines.js'
import { enginesOf, fallingBackFor } from './notes-engines-of.js'
import { notesScopeOf, type NotesSettingsDeps } from './notes-settings.js'

/** What would make a recording's notes: the analyzer, the template it is given, and how madeBy names them. */
export interface NotesPlan {
  readonly analyzer: Analyzer
  readonly template: NotesTemplate | undefined
  readonly madeBy: { readonly analyzer: string; readonly model: string | null; readonly template: string | null }
}

const KEY_UNREADABLE =
  "The notes server's key could not be read (this server's secret key changed since it was saved), so the built-in analyzer wrote these notes; an owner or admin can save the key again in Settings → Notes"

/** The template asked for, else the scope's default, else `general`; one the catalogue no longer holds (an operator's file removed) is `general`. */
const templateOf = (catalogue: ReadonlyArray<CataloguedTemplate>, asked: string | null, saved: O.Option<NotesSettings>): NotesTemplate | undefined => {
  const id = asked ?? (O.isSome(saved) ? saved.value.defaultTemplate : DEFAULT_TEMPLATE)
  const found = catalogue.find((t) => t.id === id) ?? catalogue.find((t) => t.id === DEFAULT_TEMPLATE)
  return found === undefined ? undefined : { id: found.id, name: found.name, instructions: found.instructions }
}

const analyzerOf = (deps: NotesSettingsDeps, engines: NotesEngines, saved: O.Option<NotesSettings>): Pick<NotesPlan, 'analyzer'> & { model: string | null; name: string } => {
  if (O.isNone(saved)) {
    // Nothing saved: the server's configured analyzer (the `analyzer` port, which serverChoice describes), as before settings existed.
    const choice = engines.serverChoice
    return { analyzer: deps.analyzer, name: deps.notesEngines === undefined ? deps.analyzer.name : choice.analyzer, model: choice.analyzer === 'openai' ? choice.server.model : null }
  }
  const s = saved.value
  if (s.analyzer === 'builtin' || s.openai === null) return { analyzer: engines.builtin, name: 'builtin', model: null }
  const key = s.openai.key === null ? E.right(null) : deps.secretBox.open(s.openai.key)
  if (E.isLeft(key)) return { analyzer: fallingBackFor(engines.builtin, KEY_UNREADABLE), name: 'openai', model: s.openai.model }
  return { analyzer: engines.openai({ ...s.openai, key: key.right }), name: 'openai', model: s.openai.model }
}

/**
 * The analyzer and template for the next analysis of `accountId`'s recording, read from the
 * settings at that moment (so a change applies without a restart), never another scope's.
 */
export const notesPlanFor =
  (deps: NotesSettingsDeps) =>
  (accountId: string, templateId: string | null): TE.TaskEither<AppError, NotesPlan> =>
    pipe(
      notesScopeOf(deps)(accountId),
      TE.flatMap(({ scope }) => deps.notesSettings.find(scope)),
      TE.map((saved) => {
        const engines = enginesOf(deps)
        const made = analyzerOf(deps, engines, saved)
        const template = templateOf(engines.templates(), templateId, saved)
        return { analyzer: made.analyzer, template, madeBy: { analyzer: made.name, model: made.model, template: template?.id ?? null } }
      }),
    )

/** A template id given with an upload or a bot, checked against the catalogue (422 on `field` naming the known ones). */
export const checkTemplateChoice =
  (deps: Pick<NotesSettingsDeps, 'notesEngines' | 'analyzer'>) =>
  (template: string | undefined, field = 'template'): AppError | null => {
    if (template === undefined) return null
    const catalogue = enginesOf(deps).templates()
    return catalogue.some((t) => t.id === template) ? null : invalidField(field, unknownTemplateWords(field, template, catalogue))
  }
