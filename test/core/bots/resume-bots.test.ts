import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryJobQueue } from '../../../adapters/stores/memory/job-queue.js'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { BOT_JOB, queueBot } from '../../../src/core/bots/bot-job.js'
import { resumeBots } from '../../../src/core/bots/resume-bots.js'
import { run } from '../../../src/contracts/recording-stores.js'
import { right } from '../../support/run.js'

const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'

const world = async () => {
  const runs = memoryRunStore()
  const jobs = memoryJobQueue(randomIds.uuid)
  const stranded = run(1, { origin: 'manual', source: null, state: 'queued' })
  const withJob = run(2, { origin: 'manual', source: null, state: 'queued', accountId: B })
  await right(runs.create(stranded))
  await right(runs.create(withJob))
  await right(runs.create(run(3, { origin: 'calendar', source: null, state: 'scheduled' })))
  await right(runs.create(run(4, { origin: 'manual', source: null, state: 'cancelled' })))
  await right(queueBot(jobs)(withJob, null))
  return { runs, jobs, stranded, withJob }
}

const botJobsOf = (jobs: ReturnType<typeof memoryJobQueue>) =>
  jobs
    .entries()
    .filter((j) => j.kind === BOT_JOB && (j.status === 'queued' || j.status === 'running'))
    .map((j) => (j.payload as { runId: string }).runId)
    .sort()

test('a bot sent on demand whose job was lost gets it again; one that has its job keeps just that one', async () => {
  const { runs, jobs, stranded, withJob } = await world()
  assert.equal(await right(resumeBots({ runs, jobs })()), { looked: 2, resumed: 1 })
  assert.equal(botJobsOf(jobs), [stranded.id, withJob.id].sort())
  const job = jobs.entries().find((j) => (j.payload as { runId: string }).runId === stranded.id)
  assert.equal(job?.payload, { accountId: stranded.accountId, runId: stranded.id })
})

test('resuming twice queues nothing more', async () => {
  const { runs, jobs } = await world()
  await right(resumeBots({ runs, jobs })())
  assert.equal(await right(resumeBots({ runs, jobs })()), { looked: 2, resumed: 0 })
  assert.is(botJobsOf(jobs).length, 2)
})

test.run()
