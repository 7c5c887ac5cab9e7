import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { DEFAULT_PLAN_KEY, DEFAULT_PLANS, hasRoomFor, planAllowanceText, planFor } from '../../../src/core/domain/identity/account.js'
import { createAccount } from '../../../src/core/identity/accounts/create-account.js'
import { getIdentity } from '../../../src/core/identity/get-identity.js'
import { setPlan } from '../../../src/core/identity/accounts/set-plan.js'
import { left, right } from '../../support/run.js'

const setup = () => {
  const deps = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), clock: fixedClock('2026-03-01T00:00:00.000Z'), ids: randomIds, plans: DEFAULT_PLANS }
  const make = (name: string, planKey: string) => right(createAccount(deps)({ name, email: `${name.toLowerCase()}@example.com`, planKey, organizationName: null }))
  return { deps, make }
}

const s = suite('plans')

s('the default plans: self-hosted (unlimited, the default) beside free and pro for those who sell the service', () => {
  assert.is(DEFAULT_PLAN_KEY, 'self-hosted')
  assert.equal(DEFAULT_PLANS, [
    { key: 'self-hosted', paid: false, monthlyRecordings: null },
    { key: 'free', paid: false, monthlyRecordings: 25 },
    { key: 'pro', paid: true, monthlyRecordings: 500 },
  ])
  const selfHosted = planFor(DEFAULT_PLANS, 'self-hosted')
  assert.ok(hasRoomFor(selfHosted, 0) && hasRoomFor(selfHosted, 1_000_000), 'unlimited has room at any count')
  assert.ok(hasRoomFor(planFor(DEFAULT_PLANS, 'free'), 24))
  assert.not.ok(hasRoomFor(planFor(DEFAULT_PLANS, 'free'), 25))
  assert.equal([planAllowanceText(selfHosted), planAllowanceText(planFor(DEFAULT_PLANS, 'free')), planAllowanceText({ key: 'one', paid: false, monthlyRecordings: 1 })], [
    'unlimited recordings',
    '25 recordings a month',
    '1 recording a month',
  ])
  assert.is(planFor(DEFAULT_PLANS, 'removed-since').key, 'free', 'a plan removed since falls back to the most limited, never to unlimited')
})

s('set-plan puts an account, by email or id, on a configured plan and says when nothing changed', async () => {
  const { deps, make } = setup()
  const ada = await make('Ada', 'free')
  const lifted = await right(setPlan(deps)('ADA@example.com', 'self-hosted'))
  assert.equal([lifted.account.planKey, lifted.plan, lifted.changed], ['self-hosted', { key: 'self-hosted', paid: false, monthlyRecordings: null }, true])
  assert.is((await right(setPlan(deps)(ada.id, 'self-hosted'))).changed, false)
  const me = await right(getIdentity(deps)({ accountId: ada.id, keyId: 'k', access: 'full', organizationId: null, organizationWide: false }))
  assert.equal(me.plan, { key: 'self-hosted', paid: false, monthlyRecordings: null }, 'GET /me reads the new plan')
})

s('set-plan refuses a plan the server does not have, listing the plans, and an unknown account', async () => {
  const { deps, make } = setup()
  await make('Ada', 'free')
  assert.equal(await left(setPlan(deps)('ada@example.com', 'gold')), {
    _tag: 'Validation',
    message: "gold is not one of this server's plans; the plans are: self-hosted, free, pro",
    details: [{ path: 'plan', message: "gold is not one of this server's plans; the plans are: self-hosted, free, pro" }],
  })
  const after = await right(deps.accounts.findByEmail('ada@example.com'))
  assert.is(after._tag === 'Some' ? after.value.planKey : null, 'free', 'unchanged')
  assert.equal(await left(setPlan(deps)('nobody@example.com', 'pro')), { _tag: 'NotFound', message: 'Account not found' })
})

s.run()
