/**
 * Writes the two models sherpa-onnx's speaker diarization loads, in the real ONNX format with
 * the inputs, outputs and metadata sherpa-onnx reads, but tiny and hand-made: they load and run
 * like the published ones and tell voices apart only crudely. For tests and benchmarks of the
 * plumbing where no real model can be downloaded.
 *
 * - Segmentation (pyannote-style): `x` [N, 1, window] samples in, `y` [N, frames, 7] powerset
 *   scores out (no one, speaker 1, 2, 3, and the pairs). A frame loud enough is "speaker 1 of
 *   the window", a quiet one is "no one": a voice activity detector.
 * - Embedding (WeSpeaker-style): `x` [N, T, 80] filter-bank frames in, `embs` [N, dim] out: the
 *   mean spectrum with its level removed, through a fixed random projection; two voices of
 *   different pitch land apart, the same voice close.
 *
 *   npx tsx scripts/make-tiny-speaker-models.ts [OUT_DIR] [--seed N]
 *
 * writes OUT_DIR/tiny-segmentation.onnx and OUT_DIR/tiny-embedding.onnx. The same options
 * always give the same bytes. The ONNX protobuf is written by hand (a few fields of
 * onnx.proto); nothing beyond Node is needed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { seeded } from '../bench/analyzer-synthetic.js'

// ---- protobuf, the few wire forms ONNX uses ----

const varint = (value: number): Buffer => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`varint out of range: ${value}`)
  const bytes: number[] = []
  let v = value
  while (v >= 0x80) {
    bytes.push((v % 0x80) | 0x80)
    v = Math.floor(v / 0x80)
  }
  bytes.push(v)
  return Buffer.from(bytes)
}
const key = (field: number, wire: 0 | 2) => varint(field * 8 + wire)
const int = (field: number, value: number) => Buffer.concat([key(field, 0), varint(value)])
const bytesField = (field: number, value: Buffer) => Buffer.concat([key(field, 2), varint(value.length), value])
const str = (field: number, value: string) => bytesField(field, Buffer.from(value, 'utf8'))
const message = (field: number, ...parts: Buffer[]) => bytesField(field, Buffer.concat(parts))

// ---- onnx.proto (field numbers from onnx/onnx.proto) ----

const FLOAT = 1
const INT64 = 7
const ATTR_INT = 2
const ATTR_INTS = 7

const floatTensor = (field: number, name: string, dims: number[], values: ArrayLike<number>) => {
  const raw = Buffer.alloc(values.length * 4)
  for (let i = 0; i < values.length; i++) raw.writeFloatLE(values[i]!, i * 4)
  return message(field, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytesField(9, raw))
}

const int64Tensor = (field: number, name: string, values: number[]) => {
  const raw = Buffer.alloc(values.length * 8)
  values.forEach((v, i) => raw.writeBigInt64LE(BigInt(v), i * 8))
  return message(field, int(1, values.length), int(2, INT64), str(8, name), bytesField(9, raw))
}

type Attribute = { readonly name: string; readonly int: number } | { readonly name: string; readonly ints: number[] }

const attribute = (a: Attribute) =>
  'int' in a
    ? message(5, str(1, a.name), int(3, a.int), int(20, ATTR_INT))
    : message(5, str(1, a.name), ...a.ints.map((v) => int(8, v)), int(20, ATTR_INTS))

const node = (op: string, inputs: string[], outputs: string[], attributes: Attribute[] = []) =>
  message(1, ...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(3, `${op}_${outputs[0]}`), str(4, op), ...attributes.map(attribute))

/** A float tensor's name, type and shape; a string dimension is symbolic (any size). */
const valueInfo = (field: 11 | 12, name: string, dims: Array<number | string>) =>
  message(field, str(1, name), message(2, message(1, int(1, FLOAT), message(2, ...dims.map((d) => message(1, typeof d === 'number' ? int(1, d) : str(2, d)))))))

interface Graph {
  readonly name: string
  readonly nodes: Buffer[]
  readonly initializers: Buffer[]
  readonly inputs: Buffer[]
  readonly outputs: Buffer[]
}

const OPSET = 13
const IR_VERSION = 7

const model = (graph: Graph, metadata: Record<string, string>, irVersion = IR_VERSION): Buffer =>
  Buffer.concat([
    int(1, irVersion),
    str(2, 'notetaker make-tiny-speaker-models'),
    message(7, ...graph.nodes, str(2, graph.name), ...graph.initializers, ...graph.inputs, ...graph.outputs),
    message(8, str(1, ''), int(2, OPSET)),
    ...Object.entries(metadata).map(([k, v]) => message(14, str(1, k), str(2, v))),
  ])

// ---- the two models ----

export interface TinySpeakerModelOptions {
  readonly seed?: number
  /** Seconds the segmentation model looks at at once (pyannote's is 10); default 2. */
  readonly windowSeconds?: number
  /** Output frames per window; default 100 (20 ms each for 2 s). */
  readonly frames?: number
  /** Width of an embedding; default 32. */
  readonly dim?: number
  /** Mean absolute sample (of 1) above which a frame is speech; default 0.01. */
  readonly speechLevel?: number
  /** Metadata keys to leave out, to make a model sherpa-onnx refuses. */
  readonly omitMetadata?: ReadonlyArray<string>
  /** The ONNX IR version written; default 7. One onnxruntime does not know (99) makes a model it refuses to load. */
  readonly irVersion?: number
}

const SAMPLE_RATE = 16_000
const FBANK_BINS = 80
/** no one, speakers 1–3, the pairs 1+2, 1+3, 2+3: pyannote segmentation-3.0's powerset. */
const CLASSES = 7

const without = (metadata: Record<string, string>, omit: ReadonlyArray<string> = []) =>
  Object.fromEntries(Object.entries(metadata).filter(([k]) => !omit.includes(k)))

export const tinySegmentationModel = (options: TinySpeakerModelOptions = {}): Buffer => {
  const window = Math.round((options.windowSeconds ?? 2) * SAMPLE_RATE)
  const frames = options.frames ?? 100
  if (window % frames !== 0) throw new Error(`the window (${window} samples) must be a whole number of frames (${frames})`)
  const hop = window / frames
  const level = options.speechLevel ?? 0.01
  // score = weight × (mean |sample| of the frame) + bias: "no one" 0, "speaker 1" above 0 once
  // the frame is louder than `level`, every other class never.
  const slope = 100 / level
  const weight = [0, slope, 0, 0, 0, 0, 0]
  const bias = [0, -100, -1000, -1000, -1000, -1000, -1000]
  const graph: Graph = {
    name: 'tiny_segmentation',
    nodes: [
      node('Reshape', ['x', 'frame_shape'], ['framed']),
      node('Abs', ['framed'], ['magnitude']),
      node('ReduceMean', ['magnitude'], ['level'], [{ name: 'axes', ints: [2] }, { name: 'keepdims', int: 1 }]),
      node('Mul', ['level', 'class_weight'], ['weighted']),
      node('Add', ['weighted', 'class_bias'], ['y']),
    ],
    initializers: [int64Tensor(5, 'frame_shape', [1, frames, -1]), floatTensor(5, 'class_weight', [CLASSES], weight), floatTensor(5, 'class_bias', [CLASSES], bias)],
    inputs: [valueInfo(11, 'x', ['N', 1, 'T'])],
    outputs: [valueInfo(12, 'y', ['N', frames, CLASSES])],
  }
  return model(
    graph,
    without(
      {
        num_speakers: '3',
        powerset_max_classes: '2',
        num_classes: String(CLASSES),
        sample_rate: String(SAMPLE_RATE),
        window_size: String(window),
        receptive_field_size: String(hop * 2),
        receptive_field_shift: String(hop),
        model_type: 'pyannote-segmentation-3.0',
        version: '1',
        model_author: 'notetaker (tiny test model)',
      },
      options.omitMetadata,
    ),
    options.irVersion,
  )
}

export const tinyEmbeddingModel = (options: TinySpeakerModelOptions = {}): Buffer => {
  const dim = options.dim ?? 32
  const next = seeded(options.seed ?? 1)
  // Gaussian entries (Box–Muller): a random projection keeps the angles between spectra.
  const projection = Array.from({ length: FBANK_BINS * dim }, () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next()))
  const graph: Graph = {
    name: 'tiny_embedding',
    nodes: [
      node('ReduceMean', ['x'], ['spectrum'], [{ name: 'axes', ints: [1] }, { name: 'keepdims', int: 0 }]),
      node('ReduceMean', ['spectrum'], ['loudness'], [{ name: 'axes', ints: [1] }, { name: 'keepdims', int: 1 }]),
      node('Sub', ['spectrum', 'loudness'], ['shape']),
      node('MatMul', ['shape', 'projection'], ['embs']),
    ],
    initializers: [floatTensor(5, 'projection', [FBANK_BINS, dim], projection)],
    inputs: [valueInfo(11, 'x', ['B', 'T', FBANK_BINS])],
    outputs: [valueInfo(12, 'embs', ['B', dim])],
  }
  return model(
    graph,
    without(
      { framework: 'wespeaker', output_dim: String(dim), sample_rate: String(SAMPLE_RATE), normalize_samples: '0', language: 'English', comment: 'notetaker tiny test model' },
      options.omitMetadata,
    ),
    options.irVersion,
  )
}

export interface TinySpeakerModels {
  readonly segmentation: string
  readonly embedding: string
}

export const writeTinySpeakerModels = (dir: string, options: TinySpeakerModelOptions = {}): TinySpeakerModels => {
  mkdirSync(dir, { recursive: true })
  const segmentation = join(dir, 'tiny-segmentation.onnx')
  const embedding = join(dir, 'tiny-embedding.onnx')
  writeFileSync(segmentation, tinySegmentationModel(options))
  writeFileSync(embedding, tinyEmbeddingModel(options))
  return { segmentation, embedding }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2)
  const seedAt = args.indexOf('--seed')
  const seed = seedAt === -1 ? undefined : Number(args[seedAt + 1])
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--seed') ?? '.'
  const out = writeTinySpeakerModels(dir, seed === undefined ? {} : { seed })
  process.stdout.write(`${out.segmentation}\n${out.embedding}\n`)
}
