/**
 * The Whisper models Notetaker knows by name: the ggml files whisper.cpp publishes
 * at https://huggingface.co/ggerganov/whisper.cpp, each with its exact size and
 * SHA-256, so a download or a file brought by hand is checked before it is used.
 *
 * Where the values come from: the size and SHA-256 of each file are the Git LFS
 * object id (`oid sha256:…`) and `size` that Hugging Face publishes for it in the
 * ggerganov/whisper.cpp model repository (its LFS pointers, the
 * `/api/models/ggerganov/whisper.cpp/tree/main?expand=true` listing and the
 * `X-Linked-Etag` header of `resolve/main/<file>`). Hugging Face cannot be reached
 * from the machine this was written on, so every value was taken from projects that
 * pin those published values and checked to agree across at least two of them
 * (most across four or more). whisper.cpp's own models/README.md publishes SHA-1
 * only, and no exact sizes, so it is not the source here. A model whose SHA-256 could
 * not be sourced is left out rather than guessed. Checked again (November 2026) by searching
 * public repositories for each value: every SHA-256 below, and every size, appears in ten or
 * more unrelated projects (model managers, install scripts, tests; some quoting the LFS pointer
 * `oid sha256:… size …` itself) beside the same file name; the few that differ are a single
 * project each, and plainly its slip (a digit dropped, a size copied from the `.en` model).
 *
 * Beside them, the two kinds of model speaker separation by voice needs (sherpa-onnx's
 * speaker diarization): a segmentation model (who speaks when, within a few seconds) and a
 * speaker-embedding model (what a voice sounds like). Those are ONNX files published by
 * k2-fsa/sherpa-onnx, each with its own address (`url`); their sizes and SHA-256 were taken
 * the same way, from projects that pin them, each value agreeing across at least two (most
 * across five or more).
 *
 * An operator adds entries (a company's own fine-tuned model, a test's small file)
 * with a JSON file named by NOTETAKER_MODELS_CATALOG: an array of
 * `{ "name", "file", "bytes", "sha256", "multilingual"?, "kind"? }` (`kind`: `whisper`,
 * the default, `speaker-segmentation` or `speaker-embedding`). An entry of that file
 * replaces a published one of the same name; an operator's entry has no `url`, so it is
 * pulled from NOTETAKER_MODELS_URL (a company mirror) or added with `models add`.
 */
import { readFileSync } from 'node:fs'

/** What a model is for: speech to text (Whisper), or one of the two halves of speaker separation by voice. */
export type ModelKind = 'whisper' | 'speaker-segmentation' | 'speaker-embedding'

export const MODEL_KINDS: ReadonlyArray<ModelKind> = ['whisper', 'speaker-segmentation', 'speaker-embedding']

export interface ModelEntry {
  /** What the commands take: `base.en`, `large-v3-turbo-q5_0`. */
  readonly name: string
  /** The file name, on the mirror and in DATA_DIR/models: `ggml-base.en.bin`. */
  readonly file: string
  readonly bytes: number
  /** Lower-case hex. */
  readonly sha256: string
  /** False for the English-only models (`.en`). */
  readonly multilingual: boolean
  /** Where the entry comes from: whisper.cpp's published files, or the operator's catalog file. */
  readonly source: 'published' | 'operator'
  /** Absent: `whisper`. */
  readonly kind?: ModelKind
  /** Where the file is published, for a model not on the Whisper mirror (NOTETAKER_MODELS_URL). */
  readonly url?: string
}

/** An entry's kind, `whisper` when it names none. */
export const kindOf = (entry: ModelEntry): ModelKind => entry.kind ?? 'whisper'


const published = (name: string, bytes: number, sha256: string): ModelEntry => ({
  name,
  file: `ggml-${name}.bin`,
  bytes,
  sha256,
  multilingual: !/\.en(-|$)/.test(name),
  source: 'published',
})

/** whisper.cpp's published ggml files (Hugging Face ggerganov/whisper.cpp, LFS size and SHA-256). */
export const PUBLISHED_MODELS: ReadonlyArray<ModelEntry> = [
  published('tiny', 77_691_713, 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21'),
  published('tiny.en', 77_704_715, '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f'),
  published('base', 147_951_465, '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe'),
  published('base.en', 147_964_211, 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002'),
  published('small', 487_601_967, '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b'),
  published('small.en', 487_614_201, 'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d'),
  published('medium', 1_533_763_059, '6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208'),
  published('medium.en', 1_533_774_781, 'cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356'),
  published('large-v3', 3_095_033_483, '64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2'),
  published('large-v3-turbo', 1_624_555_275, '1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69'),
  // Quantized: smaller and faster on a CPU, a little less accurate.
  published('tiny-q5_1', 32_152_673, '818710568da3ca15689e31a743197b520007872ff9576237bda97bd1b469c3d7'),
  published('tiny.en-q5_1', 32_166_155, 'c77c5766f1cef09b6b7d47f21b546cbddd4157886b3b5d6d4f709e91e66c7c2b'),
  published('base-q5_1', 59_707_625, '422f1ae452ade6f30a004d7e5c6a43195e4433bc370bf23fac9cc591f01a8898'),
  published('base.en-q5_1', 59_721_011, '4baf70dd0d7c4247ba2b81fafd9c01005ac77c2f9ef064e00dcf195d0e2fdd2f'),
  published('small-q5_1', 190_085_487, 'ae85e4a935d7a567bd102fe55afc16bb595bdb618e11b2fc7591bc08120411bb'),
  published('small.en-q5_1', 190_098_681, 'bfdff4894dcb76bbf647d56263ea2a96645423f1669176f4844a1bf8e478ad30'),
  published('medium-q5_0', 539_212_467, '19fea4b380c3a618ec4723c3eef2eb785ffba0d0538cf43f8f235e7b3b34220f'),
  published('medium.en-q5_0', 539_225_533, '76733e26ad8fe1c7a5bf7531a9d41917b2adc0f20f2e4f5531688a8c6cd88eb0'),
  published('large-v3-q5_0', 1_081_140_203, 'd75795ecff3f83b5faa89d1900604ad8c780abd5739fae406de19f23ecd98ad1'),
  published('large-v3-turbo-q5_0', 574_041_195, '394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2'),
]

const SHERPA_RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download'

/**
 * The speaker models sherpa-onnx publishes (ONNX). The segmentation model is pyannote's
 * segmentation-3.0 (MIT) as sherpa-onnx exports it, the `model.onnx` of
 * sherpa-onnx-pyannote-segmentation-3-0 (the same bytes in the release's .tar.bz2 and on
 * Hugging Face); the embedding model is NVIDIA NeMo's TitaNet-small (English, CC-BY-4.0).
 */
export const PUBLISHED_SPEAKER_MODELS: ReadonlyArray<ModelEntry> = [
  {
    name: 'pyannote-segmentation-3-0',
    file: 'sherpa-onnx-pyannote-segmentation-3-0.onnx',
    bytes: 5_992_913,
    sha256: '220ad67ca923bef2fa91f2390c786097bf305bceb5e261d4af67b38e938e1079',
    multilingual: true,
    source: 'published',
    kind: 'speaker-segmentation',
    url: 'https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/main/model.onnx',
  },
  {
    name: 'titanet-small',
    file: 'nemo_en_titanet_small.onnx',
    bytes: 40_257_283,
    sha256: 'ad4a1802485d8b34c722d2a9d04249662f2ece5d28a7a039063ca22f515a789e',
    multilingual: false,
    source: 'published',
    kind: 'speaker-embedding',
    url: `${SHERPA_RELEASES}/speaker-recongition-models/nemo_en_titanet_small.onnx`,
  },
]

/** Every published model: Whisper's, then the speaker models. */
export const PUBLISHED_CATALOG: ReadonlyArray<ModelEntry> = [...PUBLISHED_MODELS, ...PUBLISHED_SPEAKER_MODELS]

/** Names and files are single path segments of safe characters: nothing an entry says can point outside DATA_DIR/models. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

export class CatalogError extends Error {}

const operatorEntry = (raw: unknown, index: number, path: string): ModelEntry => {
  const where = `${path}, entry ${index + 1}`
  if (typeof raw !== 'object' || raw === null) throw new CatalogError(`${where} is not an object`)
  const r = raw as Record<string, unknown>
  if (typeof r['name'] !== 'string' || !SAFE_NAME.test(r['name'])) throw new CatalogError(`${where}: "name" must be letters, digits, '.', '_' or '-'`)
  const kind = r['kind'] ?? 'whisper'
  if (typeof kind !== 'string' || !MODEL_KINDS.includes(kind as ModelKind)) throw new CatalogError(`${where}: "kind" must be one of ${MODEL_KINDS.join(', ')}`)
  const file = r['file'] ?? (kind === 'whisper' ? `ggml-${r['name']}.bin` : `${r['name']}.onnx`)
  if (typeof file !== 'string' || !SAFE_NAME.test(file) || file.endsWith('.part')) throw new CatalogError(`${where}: "file" must be a plain file name (letters, digits, '.', '_' or '-')`)
  if (typeof r['bytes'] !== 'number' || !Number.isSafeInteger(r['bytes']) || r['bytes'] <= 0) throw new CatalogError(`${where}: "bytes" must be the file's size, a whole number above 0`)
  if (typeof r['sha256'] !== 'string' || !/^[0-9a-fA-F]{64}$/.test(r['sha256'])) throw new CatalogError(`${where}: "sha256" must be 64 hexadecimal digits`)
  if (r['multilingual'] !== undefined && typeof r['multilingual'] !== 'boolean') throw new CatalogError(`${where}: "multilingual" must be true or false`)
  if (r['url'] !== undefined && (typeof r['url'] !== 'string' || !URL.canParse(r['url']))) throw new CatalogError(`${where}: "url" must be the file's address (otherwise it comes from NOTETAKER_MODELS_URL)`)
  return {
    name: r['name'],
    file,
    bytes: r['bytes'],
    sha256: r['sha256'].toLowerCase(),
    multilingual: (r['multilingual'] as boolean | undefined) ?? !/\.en(-|$)/.test(r['name']),
    source: 'operator',
    // Only a kind other than Whisper is written down, so a Whisper entry reads as before.
    ...(kind === 'whisper' ? {} : { kind: kind as ModelKind }),
    ...(typeof r['url'] === 'string' ? { url: r['url'] } : {}),
  }
}

/** The published models and the operator's (from the file `extraPath` names, '' for none); an operator's entry replaces a published one of its name. */
export const loadCatalog = (extraPath: string): ReadonlyArray<ModelEntry> => {
  if (extraPath === '') return PUBLISHED_CATALOG
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(extraPath, 'utf8'))
  } catch (e) {
    throw new CatalogError(`cannot read the model catalog NOTETAKER_MODELS_CATALOG=${extraPath}: ${(e as Error).message}`)
  }
  if (!Array.isArray(parsed)) throw new CatalogError(`${extraPath} must hold a JSON array of models ({ "name", "file", "bytes", "sha256" })`)
  const extra = parsed.map((raw, i) => operatorEntry(raw, i, extraPath))
  // An operator's entry takes a published one's place (so lists keep their order); new names come after.
  const byName = new Map(extra.map((e) => [e.name, e]))
  const published = new Set(PUBLISHED_CATALOG.map((m) => m.name))
  return [...PUBLISHED_CATALOG.map((m) => byName.get(m.name) ?? m), ...extra.filter((e) => !published.has(e.name))]
}

export const findModel = (catalog: ReadonlyArray<ModelEntry>, name: string): ModelEntry | undefined => catalog.find((m) => m.name === name)

/** The entry a file brought by hand is, from its file name (`ggml-base.en.bin`). */
export const modelOfFile = (catalog: ReadonlyArray<ModelEntry>, fileName: string): ModelEntry | undefined => catalog.find((m) => m.file === fileName)
