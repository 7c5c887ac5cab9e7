/**
 * `notetaker models list | pull NAME | add FILE | verify | remove NAME`: the Whisper
 * models in DATA_DIR/models (adapters/speech/models). Each failure is one line on standard
 * error and exit 1; progress goes to standard error, results to standard output.
 */
import { existsSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { CatalogError, findModel, kindOf, loadCatalog, modelOfFile, type ModelEntry } from '../../../adapters/speech/models/catalog.js'
import { MirrorUnreachable, pullModel } from '../../../adapters/speech/models/download.js'
import { progressReporter } from '../../../adapters/speech/models/progress.js'
import { addFromFile, checkFile, ModelError, modelsDir, partPath, presentModels, quickProblem, removeModel, unknownFiles } from '../../../adapters/speech/models/store.js'
import { parse, usage } from './args.js'
import * as E from 'fp-ts/lib/Either.js'
import { CLI } from './name.js'
import { loadConfig, type Config } from '../config/index.js'

const fail = (message: string): never => {
  process.stderr.write(`notetaker: ${message}\n`)
  process.exit(1)
}

/** DATA_DIR, the mirror and the catalog, or a one-line exit (the configuration is read as `serve` reads it, without opening anything). */
const setup = () => {
  const loaded = loadConfig(process.env)
  if (E.isLeft(loaded)) fail(`the configuration is not valid:\n${loaded.left.map((p) => `  - ${p}`).join('\n')}`)
  const config = (loaded as E.Right<Config>).right
  try {
    return { dataDir: config.DATA_DIR, mirror: config.NOTETAKER_MODELS_URL, catalog: loadCatalog(config.NOTETAKER_MODELS_CATALOG) }
  } catch (e) {
    if (e instanceof CatalogError) fail(e.message)
    throw e
  }
}

const named = (catalog: ReadonlyArray<ModelEntry>, name: string): ModelEntry =>
  findModel(catalog, name) ?? fail(`no model is named '${name}'; \`${CLI} models list\` shows the names (${catalog.filter((m) => m.name.endsWith('.en')).map((m) => m.name).join(', ')}, ...)`)

/** Runs a model operation; a ModelError is its one-line reason. */
const attempt = async <A>(f: () => Promise<A>): Promise<A> => {
  try {
    return await f()
  } catch (e) {
    if (e instanceof ModelError) fail(e.message)
    throw e
  }
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`

/** After a change: a server running on this DATA_DIR (and its workers) looks at the folder every few seconds. */
const FOLLOWS = 'A running server on this DATA_DIR follows within a few seconds (no restart needed).\n'

export const modelCommands: Record<string, (args: string[]) => Promise<void>> = {
  'models list': async (args) => {
    const { values } = parse(args, { json: { type: 'boolean' } })
    const { dataDir, catalog } = setup()
    const present = new Map(presentModels(dataDir, catalog).map((p) => [p.entry.name, p]))
    const rows = catalog.map((m) => {
      const p = present.get(m.name)
      return { ...m, present: p !== undefined, path: p?.path ?? null, bytesOnDisk: p?.bytes ?? null, problem: p === undefined ? null : quickProblem(p.path, m) }
    })
    const others = unknownFiles(dataDir, catalog)
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify({ dir: resolve(modelsDir(dataDir)), models: rows, otherFiles: others })}\n`)
      return
    }
    const width = Math.max(...rows.map((r) => r.name.length))
    const state = (r: (typeof rows)[number]) => (!r.present ? '' : r.problem === null ? 'present' : `present, but not usable: ${r.problem}`)
    const what = (r: ModelEntry) => {
      const kind = kindOf(r)
      return kind === 'whisper' ? `Whisper, ${r.multilingual ? 'multilingual' : 'English'}` : kind.replace('-', ' ')
    }
    const kinds = Math.max(...rows.map((r) => what(r).length))
    const lines = rows.map((r) => `${r.name.padEnd(width)}  ${mb(r.bytes).padStart(10)}  ${what(r).padEnd(kinds)}  ${state(r)}`.trimEnd())
    process.stdout.write(
      `${'NAME'.padEnd(width)}  ${'SIZE'.padStart(10)}  ${'KIND'.padEnd(kinds)}  STATE\n${lines.join('\n')}\n` +
        (others.length === 0 ? '' : `Other files in ${modelsDir(dataDir)}: ${others.join(', ')}\n`) +
        `${present.size} of ${rows.length} present in ${modelsDir(dataDir)}. \`${CLI} models pull NAME\` downloads one; \`${CLI} models add FILE\` adds one brought by hand.\n`,
    )
  },

  'models pull': async (args) => {
    const { values, positionals } = parse(args, { 'allow-http': { type: 'boolean' } }, 1)
    const { dataDir, mirror, catalog } = setup()
    const entry = named(catalog, positionals[0]!)
    const reporter = progressReporter(process.stderr, entry.file)
    const stop = () => {
      reporter.end()
      process.stderr.write(`notetaker: stopped; what was downloaded is kept in ${partPath(dataDir, entry)} and \`${CLI} models pull ${entry.name}\` resumes from there\n`)
      process.exit(130)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    try {
      const r = await pullModel({
        entry,
        dataDir,
        baseUrl: mirror,
        allowHttp: values['allow-http'] === true,
        onProgress: (p) => reporter.update(p),
        onNote: (note) => {
          reporter.end()
          process.stderr.write(`${note}\n`)
        },
      })
      reporter.end()
      process.stdout.write(r.alreadyPresent ? `${entry.name} is already present and verified: ${r.path}\n` : `pulled ${entry.name} (${mb(entry.bytes)}, checked: size, layout and SHA-256) into ${r.path}\n${FOLLOWS}`)
    } catch (e) {
      reporter.end()
      if (e instanceof MirrorUnreachable)
        fail(
          entry.url === undefined
            ? `${e.message}. Set NOTETAKER_MODELS_URL to a mirror this machine can reach, or bring ${entry.file} here by other means and run \`${CLI} models add ${entry.file}\``
            : `${e.message}. Bring ${entry.file} here by other means (it is published at ${entry.url}) and run \`${CLI} models add ${entry.file}\``,
        )
      if (e instanceof ModelError) fail(e.message)
      throw e
    } finally {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
    }
  },

  'models add': async (args) => {
    const { values, positionals } = parse(args, { name: { type: 'string' } }, 1)
    const { dataDir, catalog } = setup()
    const file = positionals[0]!
    const name = values.name as string | undefined
    if (name !== undefined && name.trim() === '') usage('--name must name a model')
    const entry =
      name !== undefined
        ? named(catalog, name)
        : (modelOfFile(catalog, basename(file)) ?? fail(`cannot tell which model ${file} is from its name; say it with --name NAME (\`${CLI} models list\` shows the names)`))
    const path = await attempt(() => addFromFile(file, dataDir, entry))
    process.stdout.write(`added ${entry.name} (${mb(entry.bytes)}, checked: size, layout and SHA-256) as ${path}\n${FOLLOWS}`)
  },

  'models verify': async (args) => {
    parse(args, {})
    const { dataDir, catalog } = setup()
    const present = presentModels(dataDir, catalog)
    const bad: string[] = []
    for (const p of present) {
      const wrong = await checkFile(p.path, p.entry)
      if (wrong !== null) bad.push(p.entry.name)
      process.stdout.write(wrong === null ? `ok   ${p.entry.name} (${p.entry.file})\n` : `BAD  ${p.entry.name} (${p.entry.file}): ${wrong}\n`)
    }
    for (const m of catalog) {
      if (present.some((p) => p.entry.name === m.name)) continue
      if (existsSync(partPath(dataDir, m))) process.stdout.write(`...  ${m.name}: a download is unfinished; \`${CLI} models pull ${m.name}\` resumes it\n`)
    }
    if (present.length === 0) process.stdout.write(`no models in ${modelsDir(dataDir)}\n`)
    if (bad.length > 0) fail(`${bad.join(', ')} failed verification: remove (\`${CLI} models remove NAME\`), then pull or add again`)
  },

  'models remove': async (args) => {
    const { positionals } = parse(args, {}, 1)
    const { dataDir, catalog } = setup()
    const entry = named(catalog, positionals[0]!)
    process.stdout.write(removeModel(dataDir, entry) ? `removed ${entry.name} from ${modelsDir(dataDir)}\n${FOLLOWS}` : `${entry.name} is not present; nothing removed\n`)
  },
}
