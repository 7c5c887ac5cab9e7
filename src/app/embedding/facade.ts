/**
 * The facade of `createNotetaker`: the operator's actions over the identity and
 * organization use cases (as the CLI does them), and each account's view of the
 * API, whose methods are the routes of the HTTP table called in-process
 * (notetaker-calls.ts). No fp-ts value leaves it: answers are plain JSON, errors
 * are thrown as NotetakerError.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import { rememberAuthentications } from '../../../adapters/stores/shared/identity-cache.js'
import type { Account } from '../../core/domain/identity/account.js'
import type { Actor, ApiKey } from '../../core/domain/identity/api-key.js'
import { isUuid } from '../../core/domain/ids.js'
import { type AppError, invalidField } from '../../core/errors.js'
import type { Core } from '../../core/build-core.js'
import type { Config } from '../config/index.js'
import { type CallInput, type ResolveActor, routeCaller } from './calls.js'
import { NotetakerError } from './error.js'
import type * as Json from './shapes.js'
import type { ActAsOptions, Notetaker, NotetakerAccount, UploadContent, WaitOptions } from './types.js'
import { NO_KEY_ID } from '../../core/domain/identity/session.js'

/** The key id `me()` reports when the operator acts as an account without a key, as a password session does. */
export { NO_KEY_ID }

const run = async <A>(task: TE.TaskEither<AppError, A>): Promise<A> => {
  const result = await task()
  if (E.isLeft(result)) throw NotetakerError.fromAppError(result.left)
  return result.right
}

const accountJson = (a: Account): Json.Account => ({
  id: a.id,
  name: a.name,
  email: a.email,
  planKey: a.planKey,
  organizationId: a.organizationId,
  serverAdmin: a.serverAdmin,
  createdAt: a.createdAt,
})

const keyJson = (k: ApiKey): Json.ApiKeyInfo => ({
  id: k.id,
  accountId: k.accountId,
  name: k.name,
  publicId: k.publicId,
  access: k.access,
  organizationWide: k.organizationWide,
  expiresAt: k.expiresAt,
  revokedAt: k.revokedAt,
  createdAt: k.createdAt,
})

/** The bytes of an upload; a path is checked first, so a missing file is the caller's error (422 on `content`). */
/** The file name of a Content-Disposition: the UTF-8 `filename*` when given, else `filename`. */
const filenameOf = (disposition: string | undefined): string => {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1]
  return extended !== undefined ? decodeURIComponent(extended) : (/filename="([^"]*)"/i.exec(disposition ?? '')?.[1] ?? 'recording')
}

const bytesOf = async (content: UploadContent): Promise<AsyncIterable<Uint8Array>> => {
  if (typeof content === 'string' || content instanceof URL) {
    const info = await stat(content).catch((e: NodeJS.ErrnoException) => e)
    if (info instanceof Error || !info.isFile()) {
      const why = info instanceof Error ? (info.code ?? info.message) : 'not a file'
      throw NotetakerError.fromAppError(invalidField('content', `cannot read ${String(content)}: ${why}`))
    }
    // Opened when the route reads it: a refused call (403, 404, 409) leaves no file open.
    return { [Symbol.asyncIterator]: () => createReadStream(content)[Symbol.asyncIterator]() }
  }
  return content instanceof Uint8Array ? Readable.from([content]) : content
}

export interface FacadeDeps {
  readonly core: Core
  readonly config: Config
  readonly logger: Logger
  /** Stops the worker and closes the stores; called once. */
  readonly shutdown: () => Promise<void>
}

export const notetakerFacade = ({ core, config, logger, shutdown }: FacadeDeps): Notetaker => {
  const calls = routeCaller(core, logger)
  // As the HTTP adapter authenticates: through the identity cache.
  const authenticate = rememberAuthentications(core.ports, core.identity.authenticate)
  let closing: Promise<void> | null = null
  const open = () => {
    if (closing !== null) throw new NotetakerError('INTERNAL_ERROR', 'This Notetaker is closed; createNotetaker starts another')
  }
  const operator = async <A>(task: () => TE.TaskEither<AppError, A>): Promise<A> => {
    open()
    return run(task())
  }

  const actorOfKey =
    (key: string): ResolveActor =>
    async () => {
      open()
      return authenticate(key)()
    }

  /** The account is read on every call, as a key's is: joining or leaving an organization shows at once. */
  const actorOfAccount = (idOrEmail: string, options: ActAsOptions): ResolveActor => {
    let id: string | null = null
    return async () => {
      open()
      const account = await core.identity.findAccount(id ?? idOrEmail)()
      if (E.isLeft(account)) return account
      id = account.right.id
      const organizationWide = options.organizationWide === true
      return E.right<AppError, Actor>({
        accountId: account.right.id,
        keyId: NO_KEY_ID,
        access: options.access ?? 'full',
        organizationWide,
        organizationId: organizationWide ? account.right.organizationId : null,
      })
    }
  }

  const view = (actor: ResolveActor): NotetakerAccount => {
    const json = <A>(operationId: string, input?: CallInput) => calls.json<A>(actor, operationId, input)
    const getUpload = (uploadId: string) => json<Json.Upload>('getUpload', { params: { uploadId } })
    const schedule = (query: Json.ScheduleQuery) => json<Json.Page<Json.ScheduleRow>>('getMeetingSchedule', { query })
    return {
      me: () => json('getMe'),
      allowance: () => json('getAllowance'),
      updateMe: (changes) => json('updateMe', { body: changes }),
      server: () => json('getServer'),
      speechModels: {
        list: () => json('listSpeechModels'),
        pull: (name) => json('pullSpeechModel', { body: { name } }),
        add: async (name, content) => json('putSpeechModelContent', { params: { name }, raw: await bytesOf(content) }),
        remove: async (name) => void (await json('deleteSpeechModel', { params: { name } })),
      },
      notifications: {
        list: (query = {}) => json('listNotifications', { query }),
        markRead: (selection) => json('markNotificationsRead', { body: selection }),
      },
      schedule,
      settings: () => json('getSettings'),
      updateSettings: (changes) => json('updateSettings', { body: changes }),
      recordings: {
        list: (query = {}) => json('listRecordings', { query }),
        get: (runId, options = {}) => json('getRecording', { params: { runId }, query: { include: options.transcript === true ? 'transcript' : undefined } }),
        transcript: (runId, query = {}) => json('getRecordingTranscript', { params: { runId }, query }),
        audio: async (runId) => {
          const { stream, headers } = await calls.stream(actor, 'getRecordingAudio', { params: { runId } })
          return { contentType: headers['content-type'] ?? 'application/octet-stream', byteSize: Number(headers['content-length']), stream }
        },
        share: (runId, share) => json('shareRecording', { params: { runId }, body: share }),
        shares: (runId) => json('listRecordingShares', { params: { runId } }),
        unshare: (runId, shareId) => json('revokeRecordingShare', { params: { runId, shareId } }),
        delete: async (runId) => void (await json('deleteRecording', { params: { runId } })),
        renameSpeaker: (runId, speakerId, changes) => json('renameSpeaker', { params: { runId, speakerId }, body: changes }),
        editActionItem: (runId, itemId, changes) => json('editActionItem', { params: { runId, itemId }, body: changes }),
        addActionItem: (runId, item) => json('addActionItem', { params: { runId }, body: item }),
        deleteActionItem: async (runId, itemId) => void (await json('deleteActionItem', { params: { runId, itemId } })),
        rename: (runId, title) => json('renameRecording', { params: { runId }, body: { title } }),
        editNotes: (runId, changes) => json('editNotes', { params: { runId }, body: changes }),
        editTopic: (runId, topicId, changes) => json('editTopic', { params: { runId, topicId }, body: changes }),
        export: async (runId, format = 'md') => {
          const { stream, headers } = await calls.stream(actor, 'exportRecording', { params: { runId }, query: { format } })
          return { contentType: headers['content-type'] ?? 'application/octet-stream', filename: filenameOf(headers['content-disposition']), stream }
        },
      },
      uploads: {
        create: (upload) => json('createUpload', { body: upload }),
        putContent: async (uploadId, content) => json('putUploadContent', { params: { uploadId }, raw: await bytesOf(content) }),
        list: (query = {}) => json('listUploads', { query }),
        get: getUpload,
        retry: (uploadId) => json('retryUpload', { params: { uploadId } }),
        delete: async (uploadId) => void (await json('deleteUpload', { params: { uploadId } })),
        waitUntilProcessed: async (uploadId, { pollMs = 250, signal }: WaitOptions = {}) => {
          for (;;) {
            signal?.throwIfAborted()
            const upload = await getUpload(uploadId)
            if (upload.stage === 'ready' || upload.stage === 'failed') return upload
            await sleep(pollMs, undefined, signal === undefined ? {} : { signal }).catch((e: unknown) => {
              signal?.throwIfAborted()
              throw e
            })
          }
        },
      },
      bots: {
        send: (bot) => json('sendBot', { body: bot }),
        leave: (runId) => json('leaveBot', { params: { runId } }),
        list: (query = {}) => json('listBots', { query }),
        liveToken: (runId) => json('createLiveToken', { params: { runId } }),
        live: (runId, options = {}) => ({
          async *[Symbol.asyncIterator]() {
            const who = await actor()
            if (E.isLeft(who)) throw NotetakerError.fromAppError(who.left)
            const opened = await core.live.open(who.right, runId, options.lastEventId ?? 0)()
            if (E.isLeft(opened)) throw NotetakerError.fromAppError(opened.left)
            try {
              for await (const e of opened.right.events) yield { event: e.kind, seq: e.seq, at: e.at, ...e.data } as Json.LiveEvent
            } finally {
              opened.right.close()
            }
          },
        }),
      },
      meetings: {
        list: (query = {}) => json('listMeetings', { query }),
        create: (meeting) => json('createMeeting', { body: meeting }),
        get: (id) => json('getMeeting', { params: { id } }),
        update: (id, changes) => json('updateMeeting', { params: { id }, body: changes }),
        delete: (id) => json('deleteMeeting', { params: { id } }),
        schedule,
      },
      calendars: {
        list: () => json('listCalendarConnections'),
        connect: (connection) => json('createCalendarConnection', { body: connection }),
        get: (id) => json('getCalendarConnection', { params: { id } }),
        update: (id, changes) => json('updateCalendarConnection', { params: { id }, body: changes }),
        delete: (id) => json('deleteCalendarConnection', { params: { id } }),
        sync: (id) => json('syncCalendarConnection', { params: { id } }),
      },
      webhooks: {
        list: () => json('listWebhooks'),
        create: (webhook) => json('createWebhook', { body: webhook }),
        get: (id) => json('getWebhook', { params: { id } }),
        update: (id, changes) => json('updateWebhook', { params: { id }, body: changes }),
        delete: (id) => json('deleteWebhook', { params: { id } }),
        rotateSecret: (id) => json('rotateWebhookSecret', { params: { id } }),
        deliveries: (id, query = {}) => json('listWebhookDeliveries', { params: { id }, query }),
        resend: (id, deliveryId) => json('resendWebhookDelivery', { params: { id, deliveryId } }),
        sendTest: (id) => json('sendWebhookTest', { params: { id } }),
      },
      organization: {
        get: () => json('getOrganization'),
        create: (name) => json('createOrganization', { body: { name } }),
        members: (query = {}) => json('listOrganizationMembers', { query }),
        changeRole: (accountId, role) => json('changeOrganizationMemberRole', { params: { accountId }, body: { role } }),
        removeMember: (accountId) => json('removeOrganizationMember', { params: { accountId } }),
        invites: () => json('listOrganizationInvites'),
        invite: (invite) => json('createOrganizationInvite', { body: invite }),
        revokeInvite: (inviteId) => json('revokeOrganizationInvite', { params: { inviteId } }),
        acceptInvite: (token) => json('acceptOrganizationInvite', { body: { token } }),
      },
    }
  }

  return {
    accounts: {
      create: async (a) =>
        accountJson(
          await operator(() =>
            core.identity.createAccount({ name: a.name, email: a.email, planKey: a.plan ?? config.NOTETAKER_DEFAULT_PLAN, organizationName: a.organization ?? null, serverAdmin: a.serverAdmin === true }),
          ),
        ),
      get: async (idOrEmail) => accountJson(await operator(() => core.identity.findAccount(idOrEmail))),
    },
    keys: {
      create: async (k) => {
        const account = await operator(() => core.identity.findAccount(k.account))
        const issued = await operator(() =>
          core.identity.issueApiKey({
            accountId: account.id,
            name: k.name ?? 'embedded',
            access: k.access ?? 'full',
            organizationWide: k.organizationWide ?? false,
            expiresInDays: k.expiresInDays ?? null,
          }),
        )
        return { ...keyJson(issued.key), key: issued.plaintext }
      },
      list: async (account) => (await operator(() => core.identity.listApiKeys(account))).map(keyJson),
      revoke: async (keyId) => {
        const r = await operator(() => core.identity.revokeApiKey(keyId))
        return { id: r.key.id, revokedAt: r.key.revokedAt, alreadyRevoked: r.alreadyRevoked }
      },
    },
    organizations: {
      create: async (o) => {
        const created = await operator(() => core.organization.create(o))
        return { id: created.id, name: created.name, createdAt: created.createdAt }
      },
      addMember: async (m) => {
        const added = await operator(() => core.organization.addMember(m))
        return { organizationId: added.organizationId, accountId: added.accountId, role: added.role, joinedAt: added.joinedAt }
      },
    },
    as: (keyOrAccount, options) => {
      // An account is named by its id (a UUID) or its email; anything else is a key, so a mistyped key is 401, not 404.
      const isAccount = isUuid(keyOrAccount) || keyOrAccount.includes('@')
      if (!isAccount && options !== undefined) throw new TypeError('as(apiKey) takes no options: the key carries its own rights')
      return view(isAccount ? actorOfAccount(keyOrAccount, options ?? {}) : actorOfKey(keyOrAccount))
    },
    config,
    core,
    close: () => {
      closing ??= shutdown()
      return closing
    },
  }
}
