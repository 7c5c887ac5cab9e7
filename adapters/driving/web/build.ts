/**
 * Builds the web app (web) into one directory the server serves:
 * `index.html`, and under `assets/` a script and a stylesheet whose names carry
 * a hash of their content (cached for good by browsers), plus the icon.
 * esbuild bundles and minifies in well under a second, so `serve` can also
 * rebuild a stale bundle at start (see server/ensure-built.ts).
 *
 * Run as a script: `tsx adapters/driving/web/build.ts [outDir]` (dist/web by default).
 */
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
/** The checkout's root, whether this runs from adapters/driving/web or compiled, from dist/adapters/driving/web. */
const ROOT = basename(join(here, '..', '..', '..')) === 'dist' ? join(here, '..', '..', '..', '..') : join(here, '..', '..', '..')
/** The app's sources; absent where only the built package is installed. */
export const APP_DIR = join(ROOT, 'web')
export const DEFAULT_OUT_DIR = join(ROOT, 'dist', 'web')

const page = (script: string, style: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Notetaker</title>
<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/${style}">
<script type="module" src="/assets/${script}"></script>
</head>
<body>
<div id="app"><noscript>Notetaker's web app needs JavaScript. The API is at /ext/v1.</noscript></div>
</body>
</html>
`

/** Builds into a fresh directory beside `outDir`, then swaps it in, so a server reading `outDir` never sees half a build. */
export const buildWeb = async (outDir: string = DEFAULT_OUT_DIR, options: { minify?: boolean } = {}): Promise<string> => {
  const staging = `${outDir}.building-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  const result = await esbuild.build({
    entryPoints: [join(APP_DIR, 'main.tsx')],
    outdir: join(staging, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: options.minify ?? true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    // The typed client reads files with node:fs only when handed a path, which a browser never does.
    external: ['node:*'],
  })
  const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p))
  const script = outputs.find((n) => n.endsWith('.js'))
  const style = outputs.find((n) => n.endsWith('.css'))
  if (script === undefined || style === undefined) throw new Error(`the web build made no script or stylesheet: ${outputs.join(', ')}`)
  await copyFile(join(APP_DIR, 'icon.svg'), join(staging, 'assets', 'icon.svg'))
  await writeFile(join(staging, 'index.html'), page(script, style))
  await mkdir(dirname(outDir), { recursive: true })
  await rm(outDir, { recursive: true, force: true })
  await rename(staging, outDir)
  return outDir
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? DEFAULT_OUT_DIR
  const started = performance.now()
  await buildWeb(out)
  process.stdout.write(`built the web app into ${relative(process.cwd(), out) || '.'} in ${Math.round(performance.now() - started)} ms\n`)
}
