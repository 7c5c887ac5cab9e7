/**
 * An account's own settings. For now one: how long its recordings are kept.
 */
import * as t from 'io-ts'

/** `audio`: only the audio is removed (notes and transcript stay); `everything`: the recording is deleted as DELETE /recordings/{runId} does. */
export const RetentionScope = t.keyof({ audio: null, everything: null })
export type RetentionScope = t.TypeOf<typeof RetentionScope>
export const RETENTION_SCOPES = Object.keys(RetentionScope.keys) as ReadonlyArray<RetentionScope>

export const MIN_RETENTION_DAYS = 1
export const MAX_RETENTION_DAYS = 3650

export interface Retention {
  /** Recordings that ended (or started, when they never ended) more than this many days ago are removed; null keeps them forever. */
  readonly days: number | null
  readonly scope: RetentionScope
}

export interface AccountSettings {
  readonly retention: Retention
}

/** What an account has until it changes anything: recordings are kept forever. */
export const DEFAULT_SETTINGS: AccountSettings = { retention: { days: null, scope: 'everything' } }

const DAY_MS = 24 * 60 * 60 * 1000

/** Recordings that ended before this instant are past a retention of `days`. */
export const retentionCutoff = (now: Date, days: number): string => new Date(now.getTime() - days * DAY_MS).toISOString()
