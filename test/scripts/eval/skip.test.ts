import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..', '..')

test('npm run eval without its data says where the data comes from and skips', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/eval/main.ts'], {
    cwd: root,
    env: { ...process.env, NOTETAKER_EVAL_DATA: join(root, 'no-such-dir', 'qmsum-val.jsonl') },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, run.stderr)
  assert.match(run.stdout, /eval skipped: no data at .*no-such-dir/)
  assert.match(run.stdout, /QMSum validation set/)
  assert.match(run.stdout, /NOTETAKER_EVAL_DATA/)
})

test.run()
