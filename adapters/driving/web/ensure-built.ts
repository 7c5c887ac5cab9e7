import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { APP_DIR, buildWeb } from './build.js'

const newestIn = (dir: string): number => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs)
  }
  return newest
}

/**
 * In a checkout, builds the web app when its bundle is missing or older than its
 * sources (a changed page shows up on the next start, with no build command);
 * where only the built package is installed, uses what is there.
 */
export const ensureWebBuilt = async (outDir: string, logger: Logger): Promise<void> => {
  if (!existsSync(APP_DIR)) return
  const index = join(outDir, 'index.html')
  if (existsSync(index) && statSync(index).mtimeMs >= newestIn(APP_DIR)) return
  const started = performance.now()
  try {
    await buildWeb(outDir)
    logger.info({ dir: outDir, ms: Math.round(performance.now() - started) }, 'built the web app from its sources')
  } catch (e) {
    // A read-only install (a container's code belongs to root) serves the bundle it was built with.
    logger.warn({ err: e, dir: outDir }, 'could not rebuild the web app from its sources; serving the bundle there is, if any')
  }
}
