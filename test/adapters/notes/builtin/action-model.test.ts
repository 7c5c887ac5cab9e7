import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { dataHash, modelJson, trainActionModel } from '../../../../scripts/eval/action-training.js'
import { loadRows, splitFile } from '../../../../scripts/eval/labelled-rows.js'

const committed = readFileSync(new URL('../../../../adapters/notes/builtin/actions/action-model.json', import.meta.url), 'utf8')
const train = loadRows(splitFile('train'))
const dev = loadRows(splitFile('dev'))
const hash = dataHash([readFileSync(splitFile('train'), 'utf8'), readFileSync(splitFile('dev'), 'utf8')])

test('training is deterministic, and the committed model is what training on the committed rows gives', () => {
  const first = modelJson(trainActionModel(train, dev, hash).model)
  const second = modelJson(trainActionModel(train, dev, hash).model)
  assert.is(first, second)
  assert.is(committed, first, 'action-model.json is stale: run npm run train:action-items')
})

test('the model is small and names the data it was trained on', () => {
  const model = JSON.parse(committed) as { dataHash: string; weights: Record<string, number>; threshold: number }
  assert.is(model.dataHash, hash)
  assert.ok(Object.keys(model.weights).length < 200)
  assert.ok(model.threshold > 0 && model.threshold < 1)
  assert.ok(committed.length < 10_000)
})

test.run()
