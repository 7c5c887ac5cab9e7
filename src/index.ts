/**
 * The library entry: build the core from a record of adapters. The HTTP server,
 * the CLI and programs that embed Notetaker all go through this.
 */
import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import type { Plan } from './core/domain/account.js'
import type { AccountStore, OrganizationStore } from './core/ports/account-store.js'
import type { ApiKeyStore } from './core/ports/api-key-store.js'
import type { BlobStore } from './core/ports/blob-store.js'
import type { Clock } from './core/ports/clock.js'
import type { EventPublisher } from './core/ports/event-publisher.js'
import type { IdempotencyStore } from './core/ports/idempotency-store.js'
import type { Ids } from './core/ports/ids.js'
import type { JobHandler } from './core/ports/job-handler.js'
import type { JobQueue } from './core/ports/job-queue.js'
import type { KeySecrets } from './core/ports/key-secrets.js'
import type { RateLimiter } from './core/ports/rate-limiter.js'
import { authenticate } from './core/use-cases/authenticate.js'
import { createAccount } from './core/use-cases/create-account.js'
import { findAccount } from './core/use-cases/find-account.js'
import { getIdentity } from './core/use-cases/get-identity.js'
import { issueApiKey } from './core/use-cases/issue-api-key.js'
import { revokeApiKey } from './core/use-cases/revoke-api-key.js'

export interface Ports {
  readonly clock: Clock
  readonly ids: Ids
  readonly keySecrets: KeySecrets
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly apiKeys: ApiKeyStore
  readonly rateLimiter: RateLimiter
  readonly idempotency: IdempotencyStore
  readonly plans: ReadonlyArray<Plan>
  readonly jobs: JobQueue
  readonly blobs: BlobStore
  readonly events: EventPublisher
}

export const buildCore = (ports: Ports) => {
  const find = findAccount(ports)
  /** What the worker runs, by job kind; every area adds its own. */
  const jobHandlers: Record<string, JobHandler> = {}
  return {
    jobHandlers,
    ports,
    authenticate: authenticate(ports),
    getIdentity: getIdentity(ports),
    createAccount: createAccount(ports),
    findAccount: find,
    issueApiKey: issueApiKey(ports),
    revokeApiKey: revokeApiKey(ports),
    listApiKeys: (idOrEmail: string) =>
      pipe(
        find(idOrEmail),
        TE.flatMap((account) => ports.apiKeys.listForAccount(account.id)),
      ),
  }
}

export type Core = ReturnType<typeof buildCore>

export type { Ports as NotetakerPorts }
export * from './core/errors.js'
export type { Actor, ApiKey } from './core/domain/api-key.js'
export type { Account, Organization, Plan } from './core/domain/account.js'
