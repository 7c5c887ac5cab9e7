/**
 * How much of the model's context each request may use. Tokens are estimated
 * from characters, never counted with the model's tokenizer (we do not know
 * which model the server runs).
 */

/**
 * Characters per token, on the safe side: English prose runs about 4 characters
 * per token with GPT and Llama BPE tokenizers, but transcripts carry
 * timestamps, names, numbers and short words that tokenize denser, so 3.5
 * over-estimates the tokens by roughly a seventh, and a chunk we think fits,
 * fits.
 */
export const CHARS_PER_TOKEN = 3.5

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN)

/** The default suits an 8k local model (llama-server -c 8192, Ollama with OLLAMA_CONTEXT_LENGTH=8192). */
export const DEFAULT_CONTEXT_TOKENS = 8192
export const MIN_CONTEXT_TOKENS = 2048

/**
 * Tokens kept free for the model's answer (also sent as `max_tokens`): a
 * quarter of the context, between 512 and 4,096. Notes of one chunk or of the
 * whole meeting fit in that; more would only shrink the chunks.
 */
export const answerReserve = (contextTokens: number): number => Math.min(4096, Math.max(512, Math.round(contextTokens / 4)))

/** Message framing (role tags, chat template) the estimate of the text does not see. */
const FRAMING_TOKENS = 64

/**
 * Tokens left for the material of one request (transcript lines and evidence,
 * or the notes of parts) once the fixed prompt and the answer's reserve are
 * taken; null when the context is too small even for the prompt.
 */
export const materialBudget = (contextTokens: number, fixedPrompt: string): number | null => {
  const left = contextTokens - answerReserve(contextTokens) - estimateTokens(fixedPrompt) - FRAMING_TOKENS
  return left >= 256 ? left : null
}
