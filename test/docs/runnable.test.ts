/**
 * The documentation works as written. Every fenced shell block marked
 * runnable (an info string of `sh runnable` or `bash runnable`) in README.md
 * and docs/*.md is run against a fresh `notetaker serve` (SQLite in a temporary
 * DATA_DIR, PORT=0): the blocks of one page in order, in one
 * `bash -euo pipefail` from the repository root, as a reader pastes them into
 * one terminal, so a block sees the variables and functions of the blocks
 * before it. They get DATA_DIR, KEY (the first account's key, as `npm start`
 * prints it) and BASE (the server's `/ext/v1`), and a PATH where `notetaker`
 * runs `node bin/notetaker.mjs` and `curl` fails on an HTTP error status
 * (`--fail-with-body`), so a wrong path or field name fails its block.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, serve, tempDir } from '../support/cli.js'

interface Block {
  /** The page, relative to the repository root. */
  readonly file: string
  /** 1-based line of the opening fence. */
  readonly line: number
  /** The fence's info string, e.g. `sh runnable`. */
  readonly info: string
  readonly code: string
}

const SHELLS = ['sh', 'bash', 'shell', 'console']

/** Every fenced block of a Markdown text (``` or ~~~, up to three spaces of indentation). */
const fencedBlocks = (file: string, text: string): Block[] => {
  const blocks: Block[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!)
    if (open === null) continue
    const fence = open[1]!
    const body: string[] = []
    let j = i + 1
    while (j < lines.length && !new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(lines[j]!)) body.push(lines[j++]!)
    blocks.push({ file, line: i + 1, info: open[2]!.trim(), code: body.join('\n') })
    i = j
  }
  return blocks
}

/** A block marked runnable: a shell info string whose other words include `runnable`. */
const isRunnable = (b: Block): boolean => {
  const [lang, ...words] = b.info.split(/\s+/)
  return words.includes('runnable') && ['sh', 'bash'].includes(lang ?? '')
}

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`)]
const blocks = PAGES.flatMap((page) => fencedBlocks(page, readFileSync(join(ROOT, page), 'utf8')))
const runnable = blocks.filter(isRunnable)

interface Failure {
  readonly block: Block
  readonly output: string
  readonly why: string
}

/** Runs one page's runnable blocks in order in one bash; answers the first that failed, if any. */
const runPage = (page: ReadonlyArray<Block>, env: NodeJS.ProcessEnv, timeoutMs: number) =>
  new Promise<Failure | null>((resolve) => {
    const marker = (i: number) => `@@runnable-block ${i}@@`
    // A marker line before each block (after a newline: an answer need not end in one) tells whose output follows.
    const mark = (i: number) => `printf '\\n${marker(i)}\\n'`
    const script = ['exec 2>&1', ...page.flatMap((b, i) => [mark(i), b.code]), mark(page.length)].join('\n')
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')))
    let timedOut = false
    const timer = setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      // Each block's output is what follows its marker; a line `undefined` is a field read with `json` that the answer does not have.
      const parts = out.split(/^@@runnable-block (\d+)@@\n/m)
      const outputs = new Map<number, string>()
      for (let i = 1; i < parts.length; i += 2) outputs.set(Number(parts[i]), parts[i + 1] ?? '')
      const reached = Math.max(-1, ...outputs.keys())
      // It may follow an answer that ends without a newline; Node colours it when FORCE_COLOR is set, as test runners do.
      const undefinedAt = page.findIndex((_, i) => /(^|[}\]])undefined$/m.test((outputs.get(i) ?? '').replace(/\x1b\[[0-9;]*m/g, '')))
      if (code !== 0 || reached !== page.length) {
        const i = Math.min(Math.max(reached, 0), page.length - 1)
        resolve({ block: page[i]!, output: outputs.get(i) ?? out, why: timedOut ? `did not finish within ${timeoutMs / 1000} s` : `exited with ${code}` })
      } else if (undefinedAt >= 0) resolve({ block: page[undefinedAt]!, output: outputs.get(undefinedAt) ?? '', why: 'printed `undefined` (a field the answer does not have)' })
      else resolve(null)
    })
  })

const rules = suite('runnable blocks: the convention')

rules('the fence reader finds blocks and their info strings, and the marker only on shell blocks', () => {
  const text = ['# T', '```sh runnable', 'echo one', '```', '', '````bash', '```', 'inner', '````', '~~~ sh runnable', 'echo two', '~~~', '```json runnable', '{}', '```'].join('\n')
  const found = fencedBlocks('x.md', text)
  assert.equal(found.map((b) => [b.line, b.info, b.code]), [
    [2, 'sh runnable', 'echo one'],
    [6, 'bash', '```\ninner'],
    [10, 'sh runnable', 'echo two'],
    [13, 'json runnable', '{}'],
  ])
  assert.equal(found.map(isRunnable), [true, false, true, false])
})

rules('the README tour is marked: every shell block of the README that calls the API ($BASE) runs', () => {
  const readme = blocks.filter((b) => b.file === 'README.md' && SHELLS.includes(b.info.split(/\s+/)[0] ?? ''))
  const api = readme.filter((b) => b.code.includes('$BASE'))
  assert.ok(api.length >= 6, `the tour has its six blocks (${api.length})`)
  assert.equal(api.filter((b) => !isRunnable(b)).map((b) => `README.md:${b.line}`), [], 'unmarked tour blocks')
  for (const path of ['/me', '/uploads', '/recordings/', '/meetings', '/bots', '/webhooks']) {
    assert.ok(runnable.some((b) => b.file === 'README.md' && b.code.includes(`$BASE${path}`)), `a runnable README block calls ${path}`)
  }
})

rules('the marker is only ever on a shell block (anything else would be silently left out)', () => {
  const misplaced = blocks.filter((b) => /\brunnable\b/.test(b.info) && !isRunnable(b)).map((b) => `${b.file}:${b.line} \`\`\`${b.info}`)
  assert.equal(misplaced, [])
})

rules('a failing block is named with its output; a block sees what the blocks before it defined', async () => {
  const page = (codes: string[]): Block[] => codes.map((code, i) => ({ file: 'x.md', line: 10 * (i + 1), info: 'sh runnable', code }))
  assert.is(await runPage(page(['GREETING=hello', 'say() { echo "$1"; }', 'say "$GREETING" | grep -q hello']), process.env, 10_000), null)
  const failed = await runPage(page(['echo fine', 'echo "about to fail"; ls /no/such/folder', 'echo never']), process.env, 10_000)
  assert.is(failed?.block.line, 20)
  assert.match(failed?.output ?? '', /about to fail\n.*no\/such\/folder/)
  assert.not.match(failed?.output ?? '', /fine|never/)
  assert.is((await runPage(page(['echo "$NOT_SET"']), { PATH: process.env['PATH'] }, 10_000))?.why, 'exited with 1', 'an unset variable fails (-u)')
  assert.is((await runPage(page(['false | cat']), process.env, 10_000))?.why, 'exited with 1', 'a failure inside a pipe fails (pipefail)')
  assert.match((await runPage(page(['node -pe "({}).data"']), process.env, 10_000))?.why ?? '', /undefined/)
  assert.match((await runPage(page(['printf \'{"data":{}}\'; node -pe "({}).data"']), process.env, 10_000))?.why ?? '', /undefined/, 'after an answer without a newline')
})

rules.run()

const run = suite<{ dir: string; env: NodeJS.ProcessEnv; stop: () => Promise<number | null> }>('runnable blocks: each runs as written')

run.before(async (ctx) => {
  ctx.dir = tempDir('runnable')
  const dataDir = join(ctx.dir, 'data')
  // Started as the README's tour starts it, so its webhook reaches the receiver it runs on 127.0.0.1.
  const server = await serve({ DATA_DIR: dataDir, NOTETAKER_ALLOW_PRIVATE_URLS: 'true' })
  ctx.stop = server.stop
  let key: string | undefined
  for (let waited = 0; key === undefined && waited < 10_000; waited += 100) {
    key = server.output.map((l) => /^ {2}(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined)
    if (key === undefined) await new Promise((r) => setTimeout(r, 100))
  }
  if (key === undefined) throw new Error(`serve printed no first key:\n${server.output.join('\n')}`)
  // `notetaker` as the CLI of this checkout; `curl` failing on 4xx and 5xx answers.
  const bin = join(ctx.dir, 'bin')
  mkdirSync(bin)
  const curl = (process.env['PATH'] ?? '').split(delimiter).map((d) => join(d, 'curl')).find((p) => existsSync(p))
  if (curl === undefined) throw new Error('the README tour needs curl on PATH')
  writeFileSync(join(bin, 'notetaker'), `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin', 'notetaker.mjs')}' "$@"\n`)
  writeFileSync(join(bin, 'curl'), `#!/bin/sh\nexec '${curl}' --fail-with-body "$@"\n`)
  for (const f of ['notetaker', 'curl']) chmodSync(join(bin, f), 0o755)
  ctx.env = {
    ...process.env,
    DATA_DIR: dataDir,
    KEY: key,
    BASE: `${server.url}/ext/v1`,
    PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}`,
    LOG_LEVEL: 'warn',
  }
})

run.after(async (ctx) => {
  await ctx.stop?.()
  rmSync(ctx.dir, { recursive: true, force: true })
})

for (const page of PAGES) {
  const mine = runnable.filter((b) => b.file === page)
  if (mine.length === 0) continue
  run(`${page}: its ${mine.length} runnable block(s)`, async ({ env }) => {
    const failure = await runPage(mine, env, 90_000)
    if (failure !== null) {
      const first = failure.block.code.split('\n').find((l) => l.trim() !== '') ?? ''
      assert.unreachable(`${failure.block.file}:${failure.block.line}, the block starting \`${first}\`, ${failure.why}:\n${failure.output}`)
    }
  })
}

run.run()
