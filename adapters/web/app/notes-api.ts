/**
 * The notes settings routes (GET/PUT /notes-settings, POST /notes-settings/test), who wrote a
 * recording's notes (`notesMadeBy`) and an upload's `template`, under names the pages share.
 *
 * Written against the shapes of issue #30's backend (branch i30-settings) while its routes were
 * being built: the calls go through the client's `request` (CSRF token, retries, the API's error
 * words) without its per-route types. Once `npm run client:generate` knows the routes, these
 * types are the generated ones and the casts below can go.
 */
import type { Api, Recording } from './api.js'

export type AnalyzerKind = 'builtin' | 'openai'

export interface NotesServerView {
  readonly url: string
  readonly model: string
  readonly contextTokens: number
  /** The key is never sent back; only whether one is saved. */
  readonly hasKey: boolean
}

export interface TemplateChoice {
  readonly id: string
  readonly name: string
  readonly source: 'builtin' | 'operator'
}

export interface NotesSettings {
  readonly analyzer: AnalyzerKind
  readonly openai: NotesServerView | null
  readonly defaultTemplate: string
  readonly templates: ReadonlyArray<TemplateChoice>
  readonly scope: 'organization' | 'account'
  readonly canEdit: boolean
  readonly source: 'saved' | 'server'
}

/** What PUT takes: `openai` absent keeps the saved server; its `key` absent keeps the saved key, '' removes it. */
export interface NotesSettingsInput {
  readonly analyzer: AnalyzerKind
  readonly openai?: { readonly url: string; readonly model: string; readonly contextTokens: number; readonly key?: string }
  readonly defaultTemplate: string
}

export interface ServerProbe {
  readonly url: string
  readonly model: string
  readonly contextTokens: number
  /** Absent: the saved key. */
  readonly key?: string
}

export type ServerTestResult = { readonly ok: true; readonly ms: number; readonly answer: string } | { readonly ok: false; readonly ms?: number; readonly error: string }

export interface NotesMadeBy {
  readonly analyzer: string
  readonly model: string | null
  readonly template: string | null
  readonly fallbackReason: string | null
}

/** `GET /server`'s `notes`: what would make the caller's next notes. */
export interface NextNotes {
  readonly analyzer: string
  readonly model: string | null
  readonly template: string | null
}

type Untyped = (method: 'get' | 'put' | 'post', path: string, options?: { body?: unknown; retries?: number; timeoutMs?: number }) => Promise<{ data: unknown }>
const untyped = (api: Api): Untyped => api.request as unknown as Untyped

export const readNotesSettings = async (api: Api): Promise<NotesSettings> => (await untyped(api)('get', '/notes-settings')).data as NotesSettings

export const saveNotesSettings = async (api: Api, input: NotesSettingsInput): Promise<NotesSettings> =>
  (await untyped(api)('put', '/notes-settings', { body: input })).data as NotesSettings

/** Not retried: a slow model is the answer the person waits for, and a second try would double the wait. */
export const testNotesServer = async (api: Api, probe: ServerProbe): Promise<ServerTestResult> =>
  (await untyped(api)('post', '/notes-settings/test', { body: probe, retries: 0, timeoutMs: 120_000 })).data as ServerTestResult

export const nextNotes = async (api: Api): Promise<NextNotes | null> => ((await api.request('get', '/server')).data as { notes?: NextNotes }).notes ?? null

/** Who wrote a recording's notes; null for notes older than the field (or a server without it). */
export const madeByOf = (r: Recording): NotesMadeBy | null => (r as Recording & { notesMadeBy?: NotesMadeBy | null }).notesMadeBy ?? null

/** A template's name from the catalogue, else its id as stored (a template since removed by the operator). */
export const templateName = (templates: ReadonlyArray<TemplateChoice> | undefined, id: string): string => templates?.find((t) => t.id === id)?.name ?? id
