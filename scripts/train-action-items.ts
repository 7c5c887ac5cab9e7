/**
 * npm run train:action-items [-- --train FILE --dev FILE --out FILE]
 *
 * Fits the action-item model on fixtures/action-items/train.jsonl, picks its
 * L2 penalty and threshold on dev.jsonl, and writes
 * adapters/notes/builtin/actions/action-model.json (the only thing the product
 * loads). Deterministic: the same rows give the same file. Never reads test.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { dataHash, modelJson, trainActionModel } from './eval/action-training.js'
import { loadRows, splitFile } from './eval/labelled-rows.js'

const { values: args } = parseArgs({
  options: {
    train: { type: 'string', default: fileURLToPath(splitFile('train')) },
    dev: { type: 'string', default: fileURLToPath(splitFile('dev')) },
    out: { type: 'string', default: fileURLToPath(new URL('../adapters/notes/builtin/actions/action-model.json', import.meta.url)) },
  },
})

const fmt = (x: number): string => x.toFixed(3)
const train = loadRows(args.train)
const dev = loadRows(args.dev)
const report = trainActionModel(train, dev, dataHash([readFileSync(args.train, 'utf8'), readFileSync(args.dev, 'utf8')]))
writeFileSync(args.out, modelJson(report.model))
const m = report.model
console.log(`train ${train.length} rows (${train.filter((r) => r.action).length} positive), dev ${dev.length} rows (${dev.filter((r) => r.action).length} positive)`)
console.log(`chosen on dev: l2 ${m.l2}, threshold ${m.threshold}; ${Object.keys(m.weights).length} features`)
console.log(`train (sentence model): P ${fmt(report.train.precision)} R ${fmt(report.train.recall)} F1 ${fmt(report.train.f1)}`)
console.log(`dev   (sentence model): P ${fmt(report.dev.precision)} R ${fmt(report.dev.recall)} F1 ${fmt(report.dev.f1)}`)
const top = Object.entries(m.weights).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 15)
console.log(`top weights: ${top.map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`).join(', ')}`)
console.log(`wrote ${args.out}`)
