import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryJobQueue } from '../../../adapters/stores/memory/job-queue.js'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { resumeProcessing } from '../../../src/core/processing/resume-processing.js'
import { PROCESS_JOB, processJob } from '../../../src/core/processing/process-job.js'
import { run } from '../../../src/contracts/recording-stores.js'
import { right } from '../../support/run.js'

const world = async () => {
  const runs = memoryRunStore()
  const jobs = memoryJobQueue(randomIds.uuid)
  const stranded = run(1, { state: 'stored' })
  const queued = run(2, { state: 'transcribing' })
  await right(runs.create(stranded))
  await right(runs.create(queued))
  await right(runs.create(run(3, { state: 'ready' })))
  await right(runs.create(run(4, { state: 'awaiting_upload' })))
  await right(jobs.enqueue(processJob(queued.accountId, queued.id)))
  return { runs, jobs, stranded, queued }
}

const processJobsOf = (jobs: ReturnType<typeof memoryJobQueue>) =>
  jobs
    .entries()
    .filter((j) => j.kind === PROCESS_JOB && (j.status === 'queued' || j.status === 'running'))
    .map((j) => (j.payload as { runId: string }).runId)
    .sort()

test('a recording stored without its processing job gets one; one that has a job keeps just that one', async () => {
  const { runs, jobs, stranded, queued } = await world()
  assert.equal(await right(resumeProcessing({ runs, jobs })()), { looked: 2, resumed: 1 })
  assert.equal(processJobsOf(jobs), [stranded.id, queued.id].sort())
})

test('resuming twice queues nothing more', async () => {
  const { runs, jobs } = await world()
  await right(resumeProcessing({ runs, jobs })())
  assert.equal(await right(resumeProcessing({ runs, jobs })()), { looked: 2, resumed: 0 })
  assert.is(processJobsOf(jobs).length, 2)
})

test.run()
