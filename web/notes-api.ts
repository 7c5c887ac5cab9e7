/**
 * The notes settings routes (GET/PUT /notes-settings, POST /notes-settings/test), who wrote a
 * recording's notes (`notesMadeBy`) and what makes the next notes (`GET /server`'s `notes`),
 * under names the pages share; the types are the typed client's.
 */
import type { Api, GetData, JsonBody, Operation, Recording, SuccessData } from './api.js'

export type NotesSettings = GetData<'/notes-settings'>
export type AnalyzerKind = NotesSettings['analyzer']
export type TemplateChoice = NotesSettings['templates'][number]
/** What PUT takes: `openai` absent keeps the saved server; its `key` absent keeps the saved key, '' removes it. */
export type NotesSettingsInput = JsonBody<Operation<'/notes-settings', 'put'>>
/** The server fields Test sends; absent ones (the key) come from the saved server. */
export type ServerProbe = NonNullable<JsonBody<Operation<'/notes-settings/test', 'post'>>>
export type ServerTestResult = SuccessData<Operation<'/notes-settings/test', 'post'>>
export type NotesMadeBy = NonNullable<Recording['notesMadeBy']>
/** What would make the caller's next notes. */
export type NextNotes = GetData<'/server'>['notes']

export const readNotesSettings = async (api: Api): Promise<NotesSettings> => (await api.request('get', '/notes-settings')).data

export const saveNotesSettings = async (api: Api, input: NotesSettingsInput): Promise<NotesSettings> => (await api.request('put', '/notes-settings', { body: input })).data

/** Not retried: a slow model is the answer the person waits for, and a second try would double the wait. */
export const testNotesServer = async (api: Api, probe: ServerProbe): Promise<ServerTestResult> =>
  (await api.request('post', '/notes-settings/test', { body: probe, retries: 0, timeoutMs: 120_000 })).data

export const nextNotes = async (api: Api): Promise<NextNotes> => (await api.request('get', '/server')).data.notes

/** Who wrote a recording's notes; null for notes older than the field. */
export const madeByOf = (r: Recording): NotesMadeBy | null => r.notesMadeBy ?? null

/** A template's name from the catalogue, else its id as stored (a template since removed by the operator). */
export const templateName = (templates: ReadonlyArray<TemplateChoice> | undefined, id: string): string => templates?.find((t) => t.id === id)?.name ?? id
