/**
 * Which analyzer makes an organization's notes (an account's, when it is in
 * none), with which OpenAI-compatible server, and the template recordings get
 * when none is chosen. Nothing saved: the server's configuration applies.
 */
import type { NotesTemplate } from './notes-template.js'

export type AnalyzerKind = 'builtin' | 'openai'
export const ANALYZER_KINDS: ReadonlyArray<AnalyzerKind> = ['builtin', 'openai']

/** An OpenAI-compatible chat-completions server: the key is sealed (SecretBox) when stored, null when none. */
export interface NotesServer<K = string | null> {
  readonly url: string
  readonly model: string
  /** The model's context length in tokens; the analyzer sizes its chunks from it. */
  readonly contextTokens: number
  readonly key: K
}

export interface NotesSettings {
  readonly analyzer: AnalyzerKind
  /** Kept while `analyzer` is `builtin` too, so switching back needs nothing typed again; `key` is sealed. */
  readonly openai: NotesServer | null
  readonly defaultTemplate: string
  readonly updatedAt: string
}

/** Whose settings: an organization's (every member's recordings), or an account's outside any organization. */
export interface NotesScope {
  readonly kind: 'organization' | 'account'
  readonly id: string
}

/** What makes notes: the built-in analyzer, or a server (key in plain text, only ever in memory). */
export type NotesChoice = { readonly analyzer: 'builtin' } | { readonly analyzer: 'openai'; readonly server: NotesServer }

/** A template in the catalogue, with where it comes from. */
export interface CataloguedTemplate extends NotesTemplate {
  readonly source: 'builtin' | 'operator'
}

export const DEFAULT_TEMPLATE = 'general'
export const MIN_CONTEXT_TOKENS = 2048
export const MAX_CONTEXT_TOKENS = 1_000_000
/** Suits an 8k local model (Ollama's and llama.cpp server's usual context). */
export const DEFAULT_CONTEXT_TOKENS = 8192

export const contextTokensOk = (n: number): boolean => Number.isInteger(n) && n >= MIN_CONTEXT_TOKENS && n <= MAX_CONTEXT_TOKENS
export const CONTEXT_TOKENS_WORDS = `contextTokens must be a whole number from ${MIN_CONTEXT_TOKENS} to ${MAX_CONTEXT_TOKENS.toLocaleString('en')}`

/** The words a template id that the catalogue does not hold is refused with, naming the ones it does. */
export const unknownTemplateWords = (field: string, id: string, catalogue: ReadonlyArray<{ readonly id: string }>): string =>
  `${field} '${id}' is not a template of this server; use one of: ${catalogue.map((t) => t.id).join(', ')}`
