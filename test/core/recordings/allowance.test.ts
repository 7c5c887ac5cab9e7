import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import type { Run } from '../../../src/core/domain/recordings/run.js'
import { createAccount } from '../../../src/core/identity/index.js'
import { createCountedRun, readAllowance } from '../../../src/core/recordings/check-allowance.js'
import { left, right } from '../../support/run.js'

const NOW = '2026-03-10T09:00:00.000Z'
const setup = async (planKey: string) => {
  const deps = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), runs: memoryRunStore(), clock: fixedClock(NOW), ids: randomIds, plans: DEFAULT_PLANS }
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey, organizationName: null }))
  return { deps, account }
}

/** An upload's run, as create-upload makes it. */
const upload = (accountId: string, n: number): Run => ({
  id: randomIds.uuid(), accountId, reference: `rec-0000-0000-${String(n).padStart(4, '0')}`, origin: 'upload', meetingId: null, title: `Standup ${n}`, startsAt: NOW,
  platform: null, joinUrl: null, state: 'awaiting_upload', detail: null, joinedAt: null, waitedSeconds: null, recordingSeconds: null, endedAt: null, source: null, audio: null,
  hasNotes: false, leaveRequestedAt: null, progress: null, language: null, detectedLanguage: null, failedStage: null, speakerSeparation: null, transcribedBy: null, template: null,
  createdAt: NOW, updatedAt: NOW,
})

const s = suite('the monthly allowance')

s('the self-hosted plan never refuses: a daily standup for a month and more, with no cap and nothing left to count down', async () => {
  const { deps, account } = await setup('self-hosted')
  for (let n = 1; n <= 40; n++) await right(createCountedRun(deps)(upload(account.id, n)))
  assert.equal(await right(readAllowance(deps)(account.id)), { plan: { key: 'self-hosted', paid: false, monthlyRecordings: null }, used: 40, left: null })
})

s('a spent allowance is refused in words that say when it renews and who can lift it', async () => {
  const { deps, account } = await setup('free')
  for (let n = 1; n <= 25; n++) await right(createCountedRun(deps)(upload(account.id, n)))
  assert.equal(await right(readAllowance(deps)(account.id)), { plan: { key: 'free', paid: false, monthlyRecordings: 25 }, used: 25, left: 0 })
  assert.equal(await left(createCountedRun(deps)(upload(account.id, 26))), {
    _tag: 'Conflict',
    message:
      'The monthly recording allowance is spent: 25 of 25 recordings on plan free this month (it renews on the 1st, UTC). A server administrator can lift it with `notetaker accounts set-plan --account EMAIL --plan self-hosted` (or another plan), or the operator can change NOTETAKER_PLANS',
  })
  await right(deps.accounts.setPlan(account.id, 'self-hosted'))
  await right(createCountedRun(deps)(upload(account.id, 26)))
  assert.is((await right(readAllowance(deps)(account.id))).left, null, 'lifted by moving the account to self-hosted')
})

s.run()
