import { existsSync } from 'node:fs'
import { onPath } from '../../system/on-path.js'

/** Where Debian's `pocketsphinx-en-us` puts the US English model that `pocketsphinx_continuous` uses by default. */
export const DEBIAN_EN_US_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us'

/** Whether PocketSphinx can run here as the adapter runs it: its recogniser on the PATH and its default model installed. */
export const pocketsphinxInstalled = (options: { binary?: string; path?: string; model?: string } = {}): boolean =>
  onPath(options.binary ?? 'pocketsphinx_continuous', options.path) && existsSync(options.model ?? DEBIAN_EN_US_MODEL)
