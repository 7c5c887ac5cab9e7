/** The wire shapes of /server/models: the speech models of the server and pulling one. */
import * as t from 'io-ts'
import type { SpeechModelView } from '../../../../src/core/ports/speech-models.js'
import { annotate } from '../openapi/codec-schema.js'
import { SpeechToTextCodec } from './server.js'

export const NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'
export const NAME = new RegExp(NAME_PATTERN)

export const SpeechModelCodec = t.exact(
  t.type({
    name: annotate(t.string, { examples: ['base.en'], description: 'What POST /server/models and the other routes take.' }),
    kind: annotate(t.keyof({ whisper: null, 'speaker-segmentation': null, 'speaker-embedding': null }), {
      description: '`whisper`: speech to text; the speaker kinds: the two halves of telling voices apart.',
    }),
    bytes: annotate(t.number, { description: "The file's exact size, from the catalog." }),
    multilingual: t.boolean,
    source: annotate(t.keyof({ published: null, operator: null }), {
      description: "`published`: whisper.cpp's or sherpa-onnx's file; `operator`: from the operator's catalog (NOTETAKER_MODELS_CATALOG).",
    }),
    description: annotate(t.string, { description: 'For a Whisper model its accuracy in a few words; for a speaker model what it does.' }),
    state: annotate(t.keyof({ absent: null, downloading: null, partial: null, present: null, unusable: null }), {
      description:
        '`absent`: not here; `downloading`: a download runs now (`receivedBytes` of `bytes`); `partial`: a download stopped part way, POST resumes it; `present`: here, checked, usable; `unusable`: a file is here under its name that cannot be used (`problem` says why).',
    }),
    receivedBytes: annotate(t.number, { description: 'Bytes on disk: of the download so far, or the whole file when present.' }),
    problem: annotate(t.union([t.string, t.null]), { description: 'Why the model is unusable, or why its last download or file was refused, in words; null otherwise.' }),
    inUse: annotate(t.boolean, { description: 'Whether the speech engine (or speaker separation) uses it now.' }),
  }),
  'SpeechModel',
)

export const ModelsCodec = t.exact(
  t.type({
    speechToText: SpeechToTextCodec,
    models: t.array(SpeechModelCodec),
    mirror: annotate(t.string, { description: 'Where Whisper models download from (NOTETAKER_MODELS_URL).' }),
  }),
  'SpeechModels',
)

const ModelName = annotate(
  t.refinement(t.string, (s) => NAME.test(s), 'ModelName'),
  { type: 'string', pattern: NAME_PATTERN, examples: ['base.en'], description: 'A model of GET /server/models (`name`).' },
)

export const PullBody = t.exact(t.type({ name: ModelName }), 'PullSpeechModel')

// The catalog's views are read-only; the codecs' arrays are mutable.
export const speechModelView = (m: SpeechModelView): t.TypeOf<typeof SpeechModelCodec> => ({ ...m })
