import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import { createAccount } from '../../../src/core/identity/accounts/create-account.js'
import { setServerAdmin } from '../../../src/core/identity/accounts/set-server-admin.js'
import { left, right } from '../../support/run.js'

const setup = async () => {
  const deps = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), clock: fixedClock('2026-03-01T00:00:00.000Z'), ids: randomIds, plans: DEFAULT_PLANS }
  const make = (name: string, serverAdmin?: boolean) =>
    right(createAccount(deps)({ name, email: `${name.toLowerCase()}@example.com`, planKey: 'free', organizationName: null, ...(serverAdmin === undefined ? {} : { serverAdmin }) }))
  return { deps, make }
}

const s = suite('server administrators')

s('an account is created a server administrator only when asked', async () => {
  const { make } = await setup()
  assert.is((await make('Ada', true)).serverAdmin, true)
  assert.is((await make('Bob')).serverAdmin, false)
})

s('an operator gives and takes the flag by email or id, and is told when nothing changed', async () => {
  const { deps, make } = await setup()
  const ada = await make('Ada', true)
  const bob = await make('Bob')
  const given = await right(setServerAdmin(deps)('BOB@example.com', true))
  assert.equal([given.account.serverAdmin, given.changed], [true, true])
  assert.equal((await right(setServerAdmin(deps)(bob.id, true))).changed, false)
  const taken = await right(setServerAdmin(deps)(ada.id, false))
  assert.equal([taken.account.email, taken.account.serverAdmin, taken.changed], ['ada@example.com', false, true])
  assert.equal((await right(setServerAdmin(deps)('ada@example.com', false))).changed, false)
})

s('the last administrator keeps the flag, and the refusal says what to do', async () => {
  const { deps, make } = await setup()
  await make('Ada', true)
  const refused = await left(setServerAdmin(deps)('ada@example.com', false))
  assert.is(refused._tag, 'Conflict')
  assert.is(
    refused._tag === 'Conflict' && refused.message,
    "ada@example.com is this server's last administrator, and a server needs one to manage its speech models; make another account one first (notetaker accounts server-admin --account EMAIL)",
  )
  assert.equal(await left(setServerAdmin(deps)('nobody@example.com', true)), { _tag: 'NotFound', message: 'Account not found' })
})

s.run()
