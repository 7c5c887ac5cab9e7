import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoredSession } from '../../../src/core/domain/identity/session.js'
import { conflict } from '../../../src/core/errors.js'
import type { SessionStore } from '../../../src/core/ports/session-store.js'

export const memorySessionStore = (): SessionStore => {
  const byHash = new Map<string, StoredSession>()
  const remove = (keep: (s: StoredSession) => boolean) => {
    let n = 0
    for (const [hash, s] of byHash) if (!keep(s) && byHash.delete(hash)) n += 1
    return n
  }
  return {
    create: (session) => {
      if (byHash.has(session.tokenHash)) return TE.left(conflict('A session with this token exists already'))
      byHash.set(session.tokenHash, session)
      return TE.right(session)
    },
    findByTokenHash: (tokenHash) => TE.right(O.fromNullable(byHash.get(tokenHash))),
    delete: (id) => TE.right(remove((s) => s.id !== id) > 0),
    deleteForAccount: (accountId) => TE.right(remove((s) => s.accountId !== accountId)),
    deleteExpired: (now) => TE.right(remove((s) => Date.parse(s.expiresAt) > now.getTime())),
  }
}
