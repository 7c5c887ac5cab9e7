/** Real model files for the tests: whisper.cpp's own test files (../shared/models/README.md) and catalog entries for a file. */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ModelEntry } from '../../adapters/speech/models/index.js'
import { ROOT } from './cli.js'

/** whisper.cpp's `for-tests-ggml-*.bin`: a real header, mel filters and vocabulary, no tensors. */
export const FOR_TESTS = join(ROOT, '..', 'shared', 'models')

/** An operator catalog entry for a real file, with its true size and SHA-256 (only the layout check can refuse it). */
export const entryFor = (path: string, name: string, file = `ggml-${name}.bin`): ModelEntry => {
  const body = readFileSync(path)
  return { name, file, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), multilingual: !name.includes('.en'), source: 'operator' }
}
