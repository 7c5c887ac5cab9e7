/**
 * Checks the two speaker models before sherpa-onnx reads them: sherpa-onnx ends the whole
 * process (`_Exit`) on a model without the metadata it expects, and onnxruntime aborts on a
 * file that is not ONNX. So each file is read here first (its ONNX header and metadata, not
 * its weights), and one that would not load is refused in words. What is checked is what
 * sherpa-onnx's loaders read (offline-speaker-segmentation-pyannote-model.cc,
 * speaker-embedding-extractor-model.cc and -nemo-model.cc).
 */
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import { readOnnxInfo } from '../models/onnx-file.js'

export interface SegmentationModelInfo {
  readonly sampleRate: number
  /** Samples the model looks at at once. */
  readonly windowSize: number
  readonly numSpeakers: number
}

export interface EmbeddingModelInfo {
  readonly framework: 'wespeaker' | '3d-speaker' | 'nemo'
  readonly sampleRate: number
  readonly dim: number
  readonly language: string
}

type Metadata = Readonly<Record<string, string>>

/** The keys missing or not whole numbers ≥ 0 (sherpa-onnx reads them with atoi and ends the process on a missing or negative one). */
const badNumbers = (metadata: Metadata, keys: ReadonlyArray<string>): string[] => keys.filter((k) => !/^\d+$/.test((metadata[k] ?? '').trim()))

const num = (metadata: Metadata, key: string) => Number((metadata[key] ?? '').trim())

const missing = (what: string, keys: string[]) =>
  `it is an ONNX model, but not a ${what} sherpa-onnx can use: its metadata lacks ${keys.map((k) => `"${k}"`).join(', ')}`

const SEGMENTATION_KEYS = ['sample_rate', 'window_size', 'receptive_field_size', 'receptive_field_shift', 'num_speakers', 'powerset_max_classes', 'num_classes'] as const

export const checkSegmentationModel = (path: string): E.Either<string, SegmentationModelInfo> =>
  pipe(
    readOnnxInfo(path),
    E.flatMap(({ metadata }) => {
      if (metadata['framework'] !== undefined) return E.left('it is a speaker-embedding model, not a segmentation model')
      const bad = badNumbers(metadata, SEGMENTATION_KEYS)
      if (bad.length > 0) return E.left(missing('speaker segmentation model', bad))
      const powerset = num(metadata, 'powerset_max_classes')
      const speakers = num(metadata, 'num_speakers')
      // sherpa-onnx maps the powerset for up to two speakers at once, and ends the process beyond.
      if (powerset < 1 || powerset > 2) return E.left(`its "powerset_max_classes" is ${powerset}; sherpa-onnx handles 1 or 2`)
      const classes = 1 + speakers + (powerset === 2 ? (speakers * (speakers - 1)) / 2 : 0)
      if (speakers < 1 || num(metadata, 'num_classes') !== classes) return E.left(`its "num_classes" (${num(metadata, 'num_classes')}) does not fit ${speakers} speakers`)
      if (num(metadata, 'window_size') < 1 || num(metadata, 'receptive_field_shift') < 1 || num(metadata, 'sample_rate') < 1) return E.left('its window, frame step or sample rate is 0')
      return E.right({ sampleRate: num(metadata, 'sample_rate'), windowSize: num(metadata, 'window_size'), numSpeakers: speakers })
    }),
  )

const GENERAL_KEYS = ['output_dim', 'sample_rate', 'normalize_samples'] as const
const NEMO_KEYS = ['output_dim', 'feat_dim', 'sample_rate', 'window_size_ms', 'window_stride_ms'] as const

export const checkEmbeddingModel = (path: string): E.Either<string, EmbeddingModelInfo> =>
  pipe(
    readOnnxInfo(path),
    E.flatMap(({ metadata }) => {
      const framework = metadata['framework']
      if (framework === undefined) {
        return E.left(
          metadata['window_size'] !== undefined
            ? 'it is a speaker segmentation model, not a speaker-embedding model'
            : 'it is an ONNX model, but not a speaker-embedding model sherpa-onnx can use: its metadata names no "framework" (wespeaker, 3d-speaker or nemo)',
        )
      }
      if (framework !== 'wespeaker' && framework !== '3d-speaker' && framework !== 'nemo') return E.left(`its framework is "${framework}"; sherpa-onnx reads wespeaker, 3d-speaker and nemo models`)
      const bad = badNumbers(metadata, framework === 'nemo' ? NEMO_KEYS : GENERAL_KEYS)
      if ((metadata['language'] ?? '') === '') bad.push('language')
      if (bad.length > 0) return E.left(missing('speaker-embedding model', bad))
      const normalize = metadata['feature_normalize_type'] ?? ''
      const allowed = framework === 'nemo' ? ['', 'per_feature'] : ['', 'global-mean']
      if (!allowed.includes(normalize)) return E.left(`its "feature_normalize_type" is "${normalize}", which sherpa-onnx does not know`)
      if (num(metadata, 'output_dim') < 1 || num(metadata, 'sample_rate') < 1) return E.left('its embedding width or sample rate is 0')
      return E.right({ framework, sampleRate: num(metadata, 'sample_rate'), dim: num(metadata, 'output_dim'), language: metadata['language'] ?? '' })
    }),
  )
