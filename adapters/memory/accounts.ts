import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import type { Account, Organization } from '../../src/core/domain/account.js'
import { conflict } from '../../src/core/errors.js'
import type { AccountStore, OrganizationStore } from '../../src/core/ports/account-store.js'

export const memoryAccountStore = (): AccountStore => {
  const byId = new Map<string, Account>()
  return {
    create: (account) => {
      if ([...byId.values()].some((a) => a.email === account.email)) {
        return TE.left(conflict(`An account with email ${account.email} exists already`))
      }
      byId.set(account.id, account)
      return TE.right(account)
    },
    findById: (id) => TE.right(O.fromNullable(byId.get(id))),
    findByEmail: (email) => TE.right(O.fromNullable([...byId.values()].find((a) => a.email === email))),
    count: () => TE.right(byId.size),
  }
}

export const memoryOrganizationStore = (): OrganizationStore => {
  const byId = new Map<string, Organization>()
  return {
    create: (organization) => {
      byId.set(organization.id, organization)
      return TE.right(organization)
    },
    findById: (id) => TE.right(O.fromNullable(byId.get(id))),
  }
}
