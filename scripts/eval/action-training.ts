/**
 * Fitting the action-item model (adapters/notes/builtin/actions/action-model.ts):
 * L2-regularised logistic regression by full-batch gradient descent over the
 * sentences of the labelled rows, deterministic (fixed order, no randomness).
 * A row labels its target utterance, not a sentence: a negative row makes
 * every sentence of its target negative; a positive row makes its most likely
 * sentence positive (multiple-instance learning, re-chosen after each fit).
 */
import { createHash } from 'node:crypto'
import { dialogueOf, matchOf, turnsOf } from '../../adapters/notes/builtin/actions/action-items.js'
import { sentenceFeatures } from '../../adapters/notes/builtin/actions/action-features.js'
import type { ActionModel } from '../../adapters/notes/builtin/actions/action-model.js'
import { toSentences } from '../../adapters/notes/builtin/text/sentences.js'
import { transcriptOf, type LabelledRow } from './labelled-rows.js'

export const MODEL_VERSION = 1
const L2_GRID = [0.0003, 0.001, 0.003, 0.01, 0.03]
const THRESHOLDS = Array.from({ length: 13 }, (_, i) => 0.2 + i * 0.05)
const EPOCHS = 600
const ROUNDS = 3

/** A row as the model sees it: the feature names of each sentence of its target. */
export interface RowInstances {
  readonly label: boolean
  readonly sentences: ReadonlyArray<ReadonlyArray<string>>
  /** Index of the sentence the rules would pick first (a cue match), for the first round. */
  readonly cued: number
}

export const instancesOf = (row: LabelledRow): RowInstances => {
  const { utterances, target } = transcriptOf(row)
  const sentences = toSentences(utterances)
  const turns = turnsOf(sentences, utterances.length)
  const feats: string[][] = []
  let cued = -1
  sentences.forEach((s, i) => {
    if (s.utterance !== target || s.text === '') return
    if (cued < 0 && matchOf(s.text, s.speaker) !== null) cued = feats.length
    feats.push(sentenceFeatures(dialogueOf(s, i, sentences, turns)))
  })
  return { label: row.action, sentences: feats, cued: Math.max(0, cued) }
}

interface Dense {
  readonly x: ReadonlyArray<Int32Array>
  readonly y: ReadonlyArray<number>
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z))

const scoreOf = (w: Float64Array, bias: number, x: Int32Array): number => {
  let z = bias
  for (let k = 0; k < x.length; k++) z += w[x[k]!]!
  return sigmoid(z)
}

/** Plain gradient descent on the mean log loss plus l2 * |w|^2; the bias is not penalised. */
const fit = (data: Dense, dims: number, l2: number): { w: Float64Array; bias: number } => {
  const w = new Float64Array(dims)
  let bias = 0
  const n = data.x.length
  const rate = 1
  const grad = new Float64Array(dims)
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0)
    let gb = 0
    for (let i = 0; i < n; i++) {
      const x = data.x[i]!
      const err = scoreOf(w, bias, x) - data.y[i]!
      for (let k = 0; k < x.length; k++) grad[x[k]!]! += err
      gb += err
    }
    for (let j = 0; j < dims; j++) w[j] = w[j]! - rate * (grad[j]! / n + 2 * l2 * w[j]!)
    bias -= rate * (gb / n)
  }
  return { w, bias }
}

const rowProbability = (w: Float64Array, bias: number, sentences: ReadonlyArray<Int32Array>): number =>
  sentences.reduce((best, x) => Math.max(best, scoreOf(w, bias, x)), 0)

export interface Prf {
  readonly precision: number
  readonly recall: number
  readonly f1: number
}

export const prf = (tp: number, predicted: number, labelled: number): Prf => {
  const precision = predicted === 0 ? 0 : tp / predicted
  const recall = labelled === 0 ? 0 : tp / labelled
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) }
}

const prfAt = (probs: ReadonlyArray<number>, labels: ReadonlyArray<boolean>, threshold: number): Prf => {
  let tp = 0
  let predicted = 0
  probs.forEach((p, i) => {
    if (p >= threshold) {
      predicted++
      if (labels[i]) tp++
    }
  })
  return prf(tp, predicted, labels.filter(Boolean).length)
}

export interface TrainingReport {
  readonly model: ActionModel
  readonly train: Prf
  readonly dev: Prf
  readonly grid: ReadonlyArray<{ l2: number; threshold: number; dev: Prf }>
}

export const dataHash = (texts: ReadonlyArray<string>): string => {
  const h = createHash('sha256')
  for (const t of texts) h.update(t)
  return h.digest('hex')
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000

/** Fits on train, picks l2 and the threshold by F1 on dev (ties: the smaller l2, the threshold nearer 0.5). */
export const trainActionModel = (train: ReadonlyArray<LabelledRow>, dev: ReadonlyArray<LabelledRow>, hash: string): TrainingReport => {
  const trainRows = train.map(instancesOf)
  const devRows = dev.map(instancesOf)
  // the vocabulary: every feature seen in train, in sorted order
  const names = [...new Set(trainRows.flatMap((r) => r.sentences.flat()))].sort()
  const index = new Map(names.map((n, i) => [n, i]))
  const encode = (f: ReadonlyArray<string>): Int32Array => Int32Array.from(f.flatMap((n) => (index.has(n) ? [index.get(n)!] : [])))
  const trainX = trainRows.map((r) => r.sentences.map(encode))
  const devX = devRows.map((r) => r.sentences.map(encode))

  const fitMil = (l2: number): { w: Float64Array; bias: number } => {
    let picks = trainRows.map((r) => r.cued)
    let model: { w: Float64Array; bias: number } = { w: new Float64Array(names.length), bias: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const x: Int32Array[] = []
      const y: number[] = []
      trainRows.forEach((r, i) => {
        trainX[i]!.forEach((s, k) => {
          if (!r.label) {
            x.push(s)
            y.push(0)
          } else if (k === picks[i]) {
            x.push(s)
            y.push(1)
          }
        })
      })
      model = fit({ x, y }, names.length, l2)
      const m = model
      picks = trainX.map((ss) => {
        let best = 0
        ss.forEach((s, k) => {
          if (scoreOf(m.w, m.bias, s) > scoreOf(m.w, m.bias, ss[best]!)) best = k
        })
        return best
      })
    }
    return model
  }

  const devLabels = devRows.map((r) => r.label)
  const grid: Array<{ l2: number; threshold: number; dev: Prf }> = []
  let best: { l2: number; threshold: number; dev: Prf; fitted: { w: Float64Array; bias: number } } | undefined
  for (const l2 of L2_GRID) {
    const fitted = fitMil(l2)
    const probs = devX.map((ss) => rowProbability(fitted.w, fitted.bias, ss))
    for (const threshold of THRESHOLDS) {
      const t = round(threshold)
      const score = prfAt(probs, devLabels, t)
      grid.push({ l2, threshold: t, dev: score })
      const better =
        best === undefined ||
        score.f1 > best.dev.f1 + 1e-9 ||
        (Math.abs(score.f1 - best.dev.f1) <= 1e-9 && l2 === best.l2 && Math.abs(t - 0.5) < Math.abs(best.threshold - 0.5))
      if (better) best = { l2, threshold: t, dev: score, fitted }
    }
  }
  const chosen = best!
  const weights: Record<string, number> = {}
  names.forEach((n, i) => {
    const v = round(chosen.fitted.w[i]!)
    if (v !== 0) weights[n] = v
  })
  const model: ActionModel = {
    version: MODEL_VERSION,
    dataHash: hash,
    l2: chosen.l2,
    bias: round(chosen.fitted.bias),
    threshold: chosen.threshold,
    weights,
  }
  const trainProbs = trainX.map((ss) => rowProbability(chosen.fitted.w, chosen.fitted.bias, ss))
  return { model, train: prfAt(trainProbs, trainRows.map((r) => r.label), chosen.threshold), dev: chosen.dev, grid }
}

/** The model as committed: stable key order, one weight a line. */
export const modelJson = (m: ActionModel): string => `${JSON.stringify(m, null, 1)}\n`
