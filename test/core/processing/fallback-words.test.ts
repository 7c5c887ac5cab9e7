import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { newRun } from '../../../src/core/domain/recordings/run.js'
import { fallbackWords } from '../../../src/core/processing/analyse-stage.js'

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'

test('the fallback words end with how to ask again only where a retry exists', () => {
  const run = newRun({ id: 'r', accountId: ACCOUNT, reference: 'rec', origin: 'upload', title: 'T', startsAt: 's', state: 'analysing', createdAt: 'c' })
  assert.is(fallbackWords(run, 'the notes server at http://x did not answer after 3 tries (connection refused).'), 'The notes server at http://x did not answer after 3 tries (connection refused); these notes were written by the built-in analyzer. Retry to ask the server again.')
  assert.is(fallbackWords({ ...run, origin: 'manual' }, 'timed out'), 'Timed out; these notes were written by the built-in analyzer.')
})

test.run()
