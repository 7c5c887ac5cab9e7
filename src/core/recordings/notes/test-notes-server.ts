import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import { DEFAULT_CONTEXT_TOKENS, type NotesServer, type NotesSettings } from '../../domain/notes/notes-settings.js'
import { type AppError, invalidField } from '../../errors.js'
import type { ServerTestResult } from '../../ports/notes-engines.js'
import { enginesOf } from './notes-engines-of.js'
import { checkKey, checkServerFields, editableScope, type NotesSettingsDeps } from './notes-settings.js'

/** The server fields POST /notes-settings/test may give; what is absent comes from the saved server. */
export interface NotesServerProbe {
  readonly url?: string
  readonly model?: string
  readonly contextTokens?: number
  /** Absent: the saved key; '': none. */
  readonly key?: string
}

/** The saved server with its key opened; a key that cannot be opened (the server's secret key changed) is none. */
export const savedServer = (deps: NotesSettingsDeps, saved: O.Option<NotesSettings>): NotesServer | null => {
  const s = O.isSome(saved) ? saved.value.openai : null
  if (s === null) return null
  const key = s.key === null ? null : E.getOrElseW(() => null)(deps.secretBox.open(s.key))
  return { ...s, key }
}

/**
 * POST /notes-settings/test: sends a short sample to the server given (or saved) and answers what
 * it said or why it failed, in words. A server that is down is a result (ok false), not an error.
 * Same permission as changing the settings: it makes the server send requests on the caller's behalf.
 */
export const testNotesServer =
  (deps: NotesSettingsDeps) =>
  (actor: Actor, probe: NotesServerProbe): TE.TaskEither<AppError, ServerTestResult> =>
    pipe(
      editableScope(deps)(actor),
      TE.flatMap((scope) => deps.notesSettings.find(scope)),
      TE.flatMap((saved) => {
        const engines = enginesOf(deps)
        const base = savedServer(deps, saved) ?? (engines.serverChoice.analyzer === 'openai' ? engines.serverChoice.server : null)
        const url = probe.url ?? base?.url
        const model = probe.model ?? base?.model
        const contextTokens = probe.contextTokens ?? base?.contextTokens
        if (url === undefined) return TE.left(invalidField('url', 'url is required: no notes server is saved to test'))
        if (model === undefined) return TE.left(invalidField('model', 'model is required: no notes server is saved to test'))
        const keyIssue = checkKey(probe.key, '')
        if (keyIssue !== null) return TE.left(keyIssue)
        const fields = checkServerFields(engines, { url, model, contextTokens: contextTokens ?? DEFAULT_CONTEXT_TOKENS }, '')
        if (E.isLeft(fields)) return TE.left(fields.left)
        const key = probe.key === undefined ? (base?.key ?? null) : probe.key === '' ? null : probe.key
        return TE.fromTask(engines.testServer({ ...fields.right, key }))
      }),
    )
