import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import {
  type AnalyzerKind,
  CONTEXT_TOKENS_WORDS,
  contextTokensOk,
  DEFAULT_TEMPLATE,
  type NotesScope,
  type NotesServer,
  type NotesSettings,
  unknownTemplateWords,
} from '../../domain/notes/notes-settings.js'
import type { Membership } from '../../domain/identity/organization.js'
import { canManageMembers } from '../../domain/identity/organization-rights.js'
import { type AppError, forbidden, invalidField } from '../../errors.js'
import type { Analyzer } from '../../ports/analyzer.js'
import type { Clock } from '../../ports/clock.js'
import type { NotesEngines } from '../../ports/notes-engines.js'
import type { NotesSettingsStore } from '../../ports/notes-settings-store.js'
import type { OrganizationStore } from '../../ports/organization-store.js'
import type { SecretBox } from '../../ports/secret-box.js'
import { enginesOf } from './notes-engines-of.js'

export interface NotesSettingsDeps {
  readonly notesSettings: NotesSettingsStore
  readonly organizations: OrganizationStore
  readonly secretBox: SecretBox
  readonly clock: Clock
  /** The analyzers to choose from; absent: `analyzer` for everything (analyzerOnlyEngines). */
  readonly notesEngines?: NotesEngines
  readonly analyzer: Analyzer
}

/** A server as a reader sees it: never the key, only whether there is one. */
export interface NotesServerView {
  readonly url: string
  readonly model: string
  readonly contextTokens: number
  readonly hasKey: boolean
}

export interface NotesSettingsView {
  readonly analyzer: AnalyzerKind
  readonly openai: NotesServerView | null
  readonly defaultTemplate: string
  readonly templates: ReadonlyArray<{ readonly id: string; readonly name: string; readonly source: 'builtin' | 'operator' }>
  readonly scope: NotesScope['kind']
  /** Whether the caller may change them (PUT /notes-settings). */
  readonly canEdit: boolean
  /** `saved`: this organization's (or account's) own; `server`: none saved, the server's configuration. */
  readonly source: 'saved' | 'server'
}

/** What PUT /notes-settings takes: `openai` absent keeps the saved server, null removes it; `key` absent keeps the saved key, '' removes it. */
export interface NotesSettingsInput {
  readonly analyzer: AnalyzerKind
  readonly openai?: { readonly url: string; readonly model: string; readonly contextTokens: number; readonly key?: string } | null
  readonly defaultTemplate?: string
}

/** Whose settings an account's recordings use: its organization's, else its own; with its membership. */
export const notesScopeOf =
  (deps: Pick<NotesSettingsDeps, 'organizations'>) =>
  (accountId: string): TE.TaskEither<AppError, { scope: NotesScope; membership: O.Option<Membership> }> =>
    TE.map((m: O.Option<Membership>) => ({
      scope: O.isSome(m) ? { kind: 'organization' as const, id: m.value.organizationId } : { kind: 'account' as const, id: accountId },
      membership: m,
    }))(deps.organizations.membershipOf(accountId))

const READ_ONLY = 'This key is read-only and cannot make changes'
const NEEDS_REACH = "Changing the organization's notes settings needs an organization-wide key (or a signed-in session) of one of its owners or admins"
const NOT_ADMIN = "Only the organization's owners and admins can change its notes settings"

/** Why the actor may not change the settings of its scope; none when it may. Organization scope follows the organization-admin routes. */
const refusal = (actor: Actor, membership: O.Option<Membership>): string | null => {
  if (actor.access !== 'full') return READ_ONLY
  if (O.isNone(membership)) return null
  if (!actor.organizationWide || actor.organizationId !== membership.value.organizationId) return NEEDS_REACH
  return canManageMembers(membership.value.role) ? null : NOT_ADMIN
}

const serverView = (s: NotesServer | null): NotesServerView | null =>
  s === null ? null : { url: s.url, model: s.model, contextTokens: s.contextTokens, hasKey: s.key !== null && s.key !== '' }

const view = (deps: NotesSettingsDeps, saved: O.Option<NotesSettings>, scope: NotesScope, canEdit: boolean): NotesSettingsView => {
  const engines = enginesOf(deps)
  const templates = engines.templates().map((t) => ({ id: t.id, name: t.name, source: t.source }))
  if (O.isSome(saved)) {
    const s = saved.value
    return { analyzer: s.analyzer, openai: serverView(s.openai), defaultTemplate: s.defaultTemplate, templates, scope: scope.kind, canEdit, source: 'saved' }
  }
  const choice = engines.serverChoice
  return {
    analyzer: choice.analyzer,
    openai: choice.analyzer === 'openai' ? serverView(choice.server) : null,
    defaultTemplate: DEFAULT_TEMPLATE,
    templates,
    scope: scope.kind,
    canEdit,
    source: 'server',
  }
}

/** GET /notes-settings: any key of the account reads its scope's settings. */
export const readNotesSettings =
  (deps: NotesSettingsDeps) =>
  (actor: Actor): TE.TaskEither<AppError, NotesSettingsView> =>
    pipe(
      notesScopeOf(deps)(actor.accountId),
      TE.flatMap(({ scope, membership }) =>
        TE.map((saved: O.Option<NotesSettings>) => view(deps, saved, scope, refusal(actor, membership) === null))(deps.notesSettings.find(scope)),
      ),
    )

/** The scope, once the actor is allowed to change its settings. */
export const editableScope =
  (deps: NotesSettingsDeps) =>
  (actor: Actor): TE.TaskEither<AppError, NotesScope> =>
    pipe(
      notesScopeOf(deps)(actor.accountId),
      TE.flatMap(({ scope, membership }) => {
        const why = refusal(actor, membership)
        return why === null ? TE.right(scope) : TE.left(forbidden(why))
      }),
    )

const MAX_MODEL = 200
const MAX_KEY = 4096

/** The server fields checked: the address by the outbound policy (Right: as it will be called), the model, the context length. */
export const checkServerFields = (
  engines: NotesEngines,
  s: { readonly url: string; readonly model: string; readonly contextTokens: number },
  at: string,
): E.Either<AppError, { url: string; model: string; contextTokens: number }> => {
  const url = engines.vetUrl(s.url.trim())
  if (E.isLeft(url)) return E.left(invalidField(`${at}url`, `${at}url: ${url.left}`))
  const model = s.model.trim()
  if (model === '' || model.length > MAX_MODEL) return E.left(invalidField(`${at}model`, `${at}model must be 1 to ${MAX_MODEL} characters`))
  if (!contextTokensOk(s.contextTokens)) return E.left(invalidField(`${at}contextTokens`, `${at}${CONTEXT_TOKENS_WORDS}`))
  return E.right({ url: url.right, model, contextTokens: s.contextTokens })
}

export const checkKey = (key: string | undefined, at: string): AppError | null =>
  key !== undefined && key.length > MAX_KEY ? invalidField(`${at}key`, `${at}key must be at most ${MAX_KEY} characters`) : null

/** The stored server: the key sealed as given, kept when absent, removed when ''. */
const nextServer = (
  deps: NotesSettingsDeps,
  input: NotesSettingsInput['openai'],
  current: NotesServer | null,
): E.Either<AppError, NotesServer | null> => {
  if (input === undefined) return E.right(current)
  if (input === null) return E.right(null)
  const keyIssue = checkKey(input.key, 'openai.')
  if (keyIssue !== null) return E.left(keyIssue)
  return E.map((fields: { url: string; model: string; contextTokens: number }): NotesServer => ({
    ...fields,
    key: input.key === undefined ? (current?.key ?? null) : input.key === '' ? null : deps.secretBox.seal(input.key),
  }))(checkServerFields(enginesOf(deps), input, 'openai.'))
}

/** PUT /notes-settings: owners and admins of the organization, or the account itself outside any. */
export const updateNotesSettings =
  (deps: NotesSettingsDeps) =>
  (actor: Actor, input: NotesSettingsInput): TE.TaskEither<AppError, NotesSettingsView> =>
    pipe(
      editableScope(deps)(actor),
      TE.flatMap((scope) =>
        pipe(
          deps.notesSettings.find(scope),
          TE.flatMap((saved) => {
            const current = O.toNullable(saved)
            const engines = enginesOf(deps)
            const template = input.defaultTemplate ?? current?.defaultTemplate ?? DEFAULT_TEMPLATE
            if (!engines.templates().some((t) => t.id === template)) {
              return TE.left(invalidField('defaultTemplate', unknownTemplateWords('defaultTemplate', template, engines.templates())))
            }
            const server = nextServer(deps, input.openai, current?.openai ?? null)
            if (E.isLeft(server)) return TE.left(server.left)
            if (input.analyzer === 'openai' && server.right === null) {
              return TE.left(invalidField('openai', 'openai (url, model, contextTokens) is required when analyzer is openai'))
            }
            const next: NotesSettings = { analyzer: input.analyzer, openai: server.right, defaultTemplate: template, updatedAt: deps.clock.now().toISOString() }
            return deps.notesSettings.save(scope, next)
          }),
          TE.map((s) => view(deps, O.some(s), scope, true)),
        ),
      ),
    )
