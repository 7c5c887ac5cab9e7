/**
 * The action-item classifier: logistic regression over the feature names of
 * action-features.ts, trained by `npm run train:action-items`
 * (scripts/train-action-items.ts) and shipped as action-model.json. Nothing is
 * learned at run time.
 */
import committed from './action-model.json' with { type: 'json' }

export interface ActionModel {
  readonly version: number
  /** sha256 of the training and dev rows it was fitted and tuned on. */
  readonly dataHash: string
  readonly l2: number
  readonly bias: number
  /** A sentence is an action when its probability reaches this. */
  readonly threshold: number
  readonly weights: Readonly<Record<string, number>>
}

export const committedActionModel: ActionModel = committed

export const actionProbability = (model: ActionModel, features: ReadonlyArray<string>): number => {
  let z = model.bias
  for (const f of features) z += model.weights[f] ?? 0
  return 1 / (1 + Math.exp(-z))
}
