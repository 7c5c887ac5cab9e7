import * as t from 'io-ts'
import type { Run } from './run.js'

/** What a recipient may see: everything, or the notes without the transcript and the audio. */
export const ShareScope = t.keyof({ full: null, summary: null }, 'ShareScope')
export type Scope = t.TypeOf<typeof ShareScope>

/**
 * One recording (run) shared by its owner with an email address. The share is
 * kept by email, so it reaches whichever account has that email, now or later.
 */
export interface Share {
  readonly id: string
  readonly runId: string
  readonly ownerAccountId: string
  /** Lowercased; unique per run. */
  readonly email: string
  readonly scope: Scope
  readonly createdAt: string
}

/** The owner of a shared recording, as the recipient sees them. */
export interface Sharer {
  readonly id: string
  readonly name: string
  readonly email: string
}

/** How the caller reaches a run it does not own: the share's scope and who shared it. */
export interface SharedAccess {
  readonly scope: Scope
  readonly sharedBy: Sharer
}

/**
 * A run as the caller may list or read it: `sharedAccess` is null for the
 * caller's own runs. It extends Run so code that renders runs renders it too.
 */
export interface VisibleRun extends Run {
  readonly sharedAccess: SharedAccess | null
}

/** The scope of a run the caller reaches: its own runs are full. */
export const scopeOf = (run: VisibleRun): Scope => run.sharedAccess?.scope ?? 'full'
