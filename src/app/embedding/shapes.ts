/**
 * The shapes of the embedding facade (`createNotetaker`), exported by the package root as the
 * `NotetakerJson` namespace: the API's JSON shapes, each read off the HTTP contract's codecs
 * (adapters/driving/http-koa/contract/index.ts), plus what is the facade's own: the queries it
 * passes as the API's query strings, and the operator's side. test/app/notetaker-types.test.ts
 * checks them against the types generated from the served OpenAPI document.
 */
import type { ApiKey, CreatedApiKey } from '../../../adapters/driving/http-koa/contract/index.js'
import type { Access } from '../../core/domain/identity/api-key.js'
import type { Role } from '../../core/domain/identity/organization.js'

export type * from '../../../adapters/driving/http-koa/contract/index.js'

// ── Queries, as the API's query strings take them ──────────────────────────

/** Paging of the collections: `limit` rows (1 to 100, 25 by default) from `offset` (0). */
export interface PageQuery {
  readonly limit?: number
  readonly offset?: number
}

/** `GET /meetings`: meetings not ended by `from` and starting before `to` (ISO 8601). */
export interface MeetingQuery extends PageQuery {
  readonly from?: string
  readonly to?: string
}

/** `GET /meetings/schedule`: the window is required, at most 92 days. */
export interface ScheduleQuery extends PageQuery {
  readonly from: string
  readonly to: string
}

/** `GET /recordings` and `GET /bots`: search words and filters, all optional and combinable (see the API guide). */
export interface RecordingQuery extends PageQuery {
  readonly q?: string
  /** ISO 8601: recordings starting at or after it. */
  readonly from?: string
  /** ISO 8601: recordings starting before it. */
  readonly to?: string
  /** Comma-separated: calendar, manual, upload. */
  readonly origin?: string
  /** Comma-separated run states. */
  readonly state?: string
  /** Comma-separated: pending, in_call, processing, done. */
  readonly phase?: string
  readonly owned?: 'mine' | 'shared'
}

// ── The operator's side (what `notetaker accounts|keys|organizations ... --json` prints) ──

/** An account, as the operator sees it. */
export interface Account {
  id: string
  name: string
  email: string
  planKey: string
  organizationId: string | null
  /** One of this server's administrators, who manage its speech models. */
  serverAdmin: boolean
  createdAt: string
}

export interface NewAccount {
  readonly name: string
  readonly email: string
  /** One of the configured plans; `NOTETAKER_DEFAULT_PLAN` when absent. */
  readonly plan?: string
  /** Creates an organization of this name with the account in it. */
  readonly organization?: string
  /** Makes it one of this server's administrators (who manage its speech models); false when absent. */
  readonly serverAdmin?: boolean
}

/** An API key as listed: never the key itself, which is shown once, when issued. */
export type ApiKeyInfo = ApiKey & { accountId: string }

/** A new key: `key` is the secret (`ntk_...`), shown only here. */
export type IssuedKey = CreatedApiKey & { accountId: string }

export interface NewKey {
  /** The account's id or email. */
  readonly account: string
  /** `full` (the default) or `readonly`. */
  readonly access?: Access
  /** Reaches the account's organization (the /organization routes); false by default. */
  readonly organizationWide?: boolean
  readonly expiresInDays?: number | null
  /** A label; `embedded` when absent. */
  readonly name?: string
}

export interface RevokedKey {
  id: string
  revokedAt: string | null
  /** It had been revoked before; nothing changed. */
  alreadyRevoked: boolean
}

export interface OrganizationCreated {
  id: string
  name: string
  createdAt: string
}

export interface Membership {
  organizationId: string
  accountId: string
  role: Role
  joinedAt: string
}
