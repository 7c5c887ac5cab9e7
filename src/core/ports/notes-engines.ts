import type * as E from 'fp-ts/lib/Either.js'
import type * as T from 'fp-ts/lib/Task.js'
import type { CataloguedTemplate, NotesChoice, NotesServer } from '../domain/notes/notes-settings.js'
import type { Analyzer } from './analyzer.js'

/** The outcome of asking a server for a short answer, in words either way; `ms` is how long it took. */
export type ServerTestResult =
  | { readonly ok: true; readonly answer: string; readonly ms: number }
  | { readonly ok: false; readonly error: string; readonly ms: number }

/**
 * The analyzers the notes settings choose between, built when a recording is analysed (so a
 * change applies to the next recording without a restart), and what the settings are checked
 * against. The composition root wires them (src/app/composition/notes-engines.ts).
 */
export interface NotesEngines {
  /** The built-in analyzer: the `builtin` choice, and every server's fallback. */
  readonly builtin: Analyzer
  /**
   * An analyzer asking `server` (plain-text key). On failure it answers the built-in notes with
   * `madeBy.fallbackReason` saying why, in words; it never fails for the server's sake.
   */
  openai(server: NotesServer): Analyzer
  /** Sends a short sample to `server`; never fails, every outcome is a value. */
  testServer(server: NotesServer): T.Task<ServerTestResult>
  /** Screens a server address with the outbound address policy; Left: why not, in words. */
  vetUrl(url: string): E.Either<string, string>
  /** Every summary template: the built-in ones, then the operator's. */
  templates(): ReadonlyArray<CataloguedTemplate>
  /** What the server's configuration makes notes with when no settings are saved (NOTETAKER_ANALYZER...). */
  readonly serverChoice: NotesChoice
}
