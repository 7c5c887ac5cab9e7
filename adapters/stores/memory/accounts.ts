import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { conflict } from '../../../src/core/errors.js'
import type { AccountStore } from '../../../src/core/ports/account-store.js'
import { type MemoryDirectory, memoryDirectory } from './organizations.js'

/** The store's words for an email another account has; the use case says it to the person its own way. */
const EMAIL_TAKEN = 'Another account has this email'

export { memoryDirectory, memoryOrganizationStore } from './organizations.js'

/** Build it on the directory of the organization store it should agree with (membership lives on the account). */
export const memoryAccountStore = (dir: MemoryDirectory = memoryDirectory()): AccountStore => {
  const rows = dir.accounts
  return {
    create: (account) => {
      if ([...rows.values()].some((r) => r.account.email === account.email)) {
        return TE.left(conflict(`An account with email ${account.email} exists already`))
      }
      // Created into an organization: its founder, so its owner.
      const founder = account.organizationId !== null
      rows.set(account.id, { account, role: founder ? 'owner' : null, joinedAt: founder ? account.createdAt : null })
      return TE.right(account)
    },
    findById: (id) => TE.right(O.fromNullable(rows.get(id)?.account)),
    findByEmail: (email) => TE.right(O.fromNullable([...rows.values()].find((r) => r.account.email === email)?.account)),
    count: () => TE.right(rows.size),
    list: (q) => {
      const all = [...rows.values()].map((r) => r.account).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      return TE.right({ rows: all.slice(q.offset, q.offset + q.limit), total: all.length, limit: q.limit, offset: q.offset })
    },
    setServerAdmin: (id, serverAdmin) => {
      const row = rows.get(id)
      if (row === undefined) return TE.right({ kind: 'not-found' })
      const others = [...rows.values()].filter((r) => r.account.serverAdmin && r.account.id !== id).length
      if (!serverAdmin && row.account.serverAdmin && others === 0) return TE.right({ kind: 'last-administrator' })
      const account = { ...row.account, serverAdmin }
      rows.set(id, { ...row, account })
      return TE.right({ kind: 'set', account })
    },
    setPlan: (id, planKey) => {
      const row = rows.get(id)
      if (row === undefined) return TE.right(O.none)
      const account = { ...row.account, planKey }
      rows.set(id, { ...row, account })
      return TE.right(O.some(account))
    },
    updateProfile: (id, profile) => {
      const row = rows.get(id)
      if (row === undefined) return TE.right(O.none)
      if ([...rows.values()].some((r) => r.account.email === profile.email && r.account.id !== id)) return TE.left(conflict(EMAIL_TAKEN))
      const account = { ...row.account, name: profile.name, email: profile.email }
      rows.set(id, { ...row, account })
      return TE.right(O.some(account))
    },
    countServerAdmins: () => TE.right([...rows.values()].filter((r) => r.account.serverAdmin).length),
  }
}
