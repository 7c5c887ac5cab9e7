import { kindOf, type ModelEntry, type ModelKind } from './catalog.js'
import { cachedQuickProblem, type Present, presentModels } from './store.js'

/**
 * The order `auto` prefers models in when several are present: the best accuracy a CPU
 * transcribes in good time, then the
 * smaller and quantized forms, the larger ones last. Models not named here come after.
 */
export const CPU_PREFERENCE: ReadonlyArray<string> = [
  'base.en', 'base', 'small.en', 'small',
  'base.en-q5_1', 'base-q5_1', 'small.en-q5_1', 'small-q5_1',
  'tiny.en', 'tiny', 'tiny.en-q5_1', 'tiny-q5_1',
  'large-v3-turbo-q5_0', 'large-v3-turbo', 'medium.en-q5_0', 'medium.en', 'medium-q5_0', 'medium', 'large-v3-q5_0', 'large-v3',
]

const rank = (name: string) => {
  const i = CPU_PREFERENCE.indexOf(name)
  return i === -1 ? CPU_PREFERENCE.length : i
}

/** A model file present that cannot be used, and why in words. */
export interface PassedOver {
  readonly present: Present
  readonly problem: string
}

/**
 * The model to transcribe with: the one named, when it is present and usable, or else the most
 * preferred usable one present; and the files passed over on the way, with why. A file that is
 * not the model (its size is not the catalog's, or whisper.cpp could not load it: a model without
 * weights, a cut file) is never chosen. Cheap: a stat and a header read per file, remembered.
 */
export const chooseUsableModel = (dataDir: string, catalog: ReadonlyArray<ModelEntry>, wanted: string): { chosen: Present | null; passedOver: PassedOver[] } => {
  const candidates = presentModels(dataDir, catalog)
    .filter((p) => kindOf(p.entry) === 'whisper' && (wanted === '' || p.entry.name === wanted))
    .sort((a, b) => rank(a.entry.name) - rank(b.entry.name))
  const passedOver: PassedOver[] = []
  for (const p of candidates) {
    const problem = cachedQuickProblem(p.path, p.entry)
    if (problem === null) return { chosen: p, passedOver }
    passedOver.push({ present: p, problem })
  }
  return { chosen: null, passedOver }
}

/** The model `chooseUsableModel` takes, without what it passed over. */
export const chooseModel = (dataDir: string, catalog: ReadonlyArray<ModelEntry>, wanted: string): Present | null => chooseUsableModel(dataDir, catalog, wanted).chosen

/** The speaker models `auto` prefers, best first, per kind; others present come after. */
export const SPEAKER_PREFERENCE: Readonly<Record<Exclude<ModelKind, 'whisper'>, ReadonlyArray<string>>> = {
  'speaker-segmentation': ['pyannote-segmentation-3-0'],
  'speaker-embedding': ['titanet-small'],
}

export interface SpeakerModels {
  readonly segmentation: Present
  readonly embedding: Present
}

/**
 * The two models speaker separation by voice needs, when both are present (whole: the
 * catalog's size, and read as ONNX), the preferred of each kind; null when either is missing.
 */
export const chooseSpeakerModels = (dataDir: string, catalog: ReadonlyArray<ModelEntry>): SpeakerModels | null => {
  const whole = presentModels(dataDir, catalog).filter((p) => kindOf(p.entry) !== 'whisper' && cachedQuickProblem(p.path, p.entry) === null)
  const best = (kind: Exclude<ModelKind, 'whisper'>) => {
    const order = SPEAKER_PREFERENCE[kind]
    const rankOf = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
    return whole.filter((p) => kindOf(p.entry) === kind).sort((a, b) => rankOf(a.entry.name) - rankOf(b.entry.name))[0] ?? null
  }
  const segmentation = best('speaker-segmentation')
  const embedding = best('speaker-embedding')
  return segmentation === null || embedding === null ? null : { segmentation, embedding }
}

/** Speaker model files present that cannot be used (cut, not ONNX), with why: passed over by `chooseSpeakerModels`. */
export const unusableSpeakerModels = (dataDir: string, catalog: ReadonlyArray<ModelEntry>): PassedOver[] =>
  presentModels(dataDir, catalog).flatMap((present) => {
    if (kindOf(present.entry) === 'whisper') return []
    const problem = cachedQuickProblem(present.path, present.entry)
    return problem === null ? [] : [{ present, problem }]
  })
