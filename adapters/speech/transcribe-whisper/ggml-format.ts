/**
 * The whisper.cpp ggml model file, as `whisper_model_load` (whisper.cpp/src/whisper.cpp) reads it:
 *
 *   u32 magic "ggml" · 11 × i32 hparams · i32 n_mel, i32 n_fft, f32[n_mel·n_fft] mel filters ·
 *   i32 n_tokens, then per token u32 length + bytes · then tensors until the end of the file, each
 *   i32 n_dims, i32 name length, i32 type, i32[n_dims] ne (innermost first), name, data.
 *
 * All little-endian. The loader requires exactly the tensors listed by `expectedTensors`, with
 * these shapes and types; fewer tensors (a cut file) or an unknown one and it refuses the model.
 */

export const GGML_MAGIC = 0x67676d6c

export const HPARAM_NAMES = [
  'n_vocab',
  'n_audio_ctx',
  'n_audio_state',
  'n_audio_head',
  'n_audio_layer',
  'n_text_ctx',
  'n_text_state',
  'n_text_head',
  'n_text_layer',
  'n_mels',
  'ftype',
] as const
export type WhisperHparams = Record<(typeof HPARAM_NAMES)[number], number>

/** ggml tensor types this format uses; quantized models carry other types, read by size below. */
export const GGML_TYPE_F32 = 0
export const GGML_TYPE_F16 = 1

/** Bytes per block and elements per block of each ggml type (ggml.c `type_traits`), for reading any model's size. */
export const GGML_TYPE_SIZES: Readonly<Record<number, { readonly bytes: number; readonly block: number }>> = {
  0: { bytes: 4, block: 1 }, // f32
  1: { bytes: 2, block: 1 }, // f16
  2: { bytes: 18, block: 32 }, // q4_0
  3: { bytes: 20, block: 32 }, // q4_1
  6: { bytes: 22, block: 32 }, // q5_0
  7: { bytes: 24, block: 32 }, // q5_1
  8: { bytes: 34, block: 32 }, // q8_0
  10: { bytes: 84, block: 256 }, // q2_K
  11: { bytes: 110, block: 256 }, // q3_K
  12: { bytes: 144, block: 256 }, // q4_K
  13: { bytes: 176, block: 256 }, // q5_K
  14: { bytes: 210, block: 256 }, // q6_K
}

/** English-only models have 51864 tokens; multilingual ones 51865 and more (large-v3: 51866). */
export const ENGLISH_VOCAB = 51864
export const isMultilingual = (h: Pick<WhisperHparams, 'n_vocab'>): boolean => h.n_vocab >= 51865

/** Model names as whisper.cpp logs them, by encoder depth. */
export const modelSize = (h: Pick<WhisperHparams, 'n_audio_layer'>): string =>
  ({ 4: 'tiny', 6: 'base', 12: 'small', 24: 'medium', 32: 'large' })[h.n_audio_layer] ?? `custom (${h.n_audio_layer} layers)`

export type TensorKind = 'f32' | 'weight' | 'conv'

export interface TensorSpec {
  readonly name: string
  /** ggml order: innermost dimension first. */
  readonly ne: ReadonlyArray<number>
  /** f32 always; `weight` in the model's ftype; `conv` in f16 unless the model is f32. */
  readonly kind: TensorKind
}

/** Every tensor `whisper_model_load` creates for these hparams, in the order it creates them. */
export const expectedTensors = (h: WhisperHparams): TensorSpec[] => {
  const a = h.n_audio_state
  const t = h.n_text_state
  const f32 = (name: string, ...ne: number[]): TensorSpec => ({ name, ne, kind: 'f32' })
  const w = (name: string, ...ne: number[]): TensorSpec => ({ name, ne, kind: 'weight' })
  const block = (p: string, s: number): TensorSpec[] => [
    f32(`${p}.mlp_ln.weight`, s),
    f32(`${p}.mlp_ln.bias`, s),
    w(`${p}.mlp.0.weight`, s, 4 * s),
    f32(`${p}.mlp.0.bias`, 4 * s),
    w(`${p}.mlp.2.weight`, 4 * s, s),
    f32(`${p}.mlp.2.bias`, s),
    ...attention(p, 'attn', s),
  ]
  const attention = (p: string, a: string, s: number): TensorSpec[] => [
    f32(`${p}.${a}_ln.weight`, s),
    f32(`${p}.${a}_ln.bias`, s),
    w(`${p}.${a}.query.weight`, s, s),
    f32(`${p}.${a}.query.bias`, s),
    w(`${p}.${a}.key.weight`, s, s),
    w(`${p}.${a}.value.weight`, s, s),
    f32(`${p}.${a}.value.bias`, s),
    w(`${p}.${a}.out.weight`, s, s),
    f32(`${p}.${a}.out.bias`, s),
  ]
  const range = (n: number) => Array.from({ length: n }, (_, i) => i)
  return [
    f32('encoder.positional_embedding', a, h.n_audio_ctx),
    { name: 'encoder.conv1.weight', ne: [3, h.n_mels, a], kind: 'conv' },
    f32('encoder.conv1.bias', 1, a),
    { name: 'encoder.conv2.weight', ne: [3, a, a], kind: 'conv' },
    f32('encoder.conv2.bias', 1, a),
    f32('encoder.ln_post.weight', a),
    f32('encoder.ln_post.bias', a),
    ...range(h.n_audio_layer).flatMap((i) => block(`encoder.blocks.${i}`, a)),
    f32('decoder.positional_embedding', t, h.n_text_ctx),
    w('decoder.token_embedding.weight', t, h.n_vocab),
    f32('decoder.ln.weight', t),
    f32('decoder.ln.bias', t),
    ...range(h.n_text_layer).flatMap((i) => [...block(`decoder.blocks.${i}`, t), ...attention(`decoder.blocks.${i}`, 'cross_attn', t)]),
  ]
}
