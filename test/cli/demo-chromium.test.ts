/**
 * `notetaker demo chromium`: the real CLI, the real Chromium bot, the bundled
 * stand-ins of the three platforms. One run with --keep goes to the end (every
 * bot recorded and its notes made), answers on the URL and key it prints, and
 * stops cleanly on Ctrl-C; another is stopped by Ctrl-C while the bots are in
 * their meetings. Neither leaves a process or a file behind.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { processesOf } from '../../adapters/bots/chromium/index.js'
import { CHROMIUM } from '../../src/app/cli/demo-chromium.js'
import { ROOT } from '../support/cli.js'

const PLATFORMS = ['Zoom', 'Google Meet', 'Microsoft Teams']

interface Demo {
  readonly child: ChildProcess
  readonly lines: string[]
  /** Resolves with the first line matching, or rejects (naming what was printed) after ms or when the demo exits first. */
  line(pattern: RegExp, ms: number): Promise<RegExpExecArray>
  /** The exit code, within ms (then the demo is killed and this rejects). */
  exit(ms: number): Promise<number | null>
}

const startDemo = (args: string[]): Demo => {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), 'demo', 'chromium', ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  const waiting = new Set<() => void>()
  let closed = false
  // 'close', not 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code, signal) => {
      closed = true
      resolve(code ?? (signal === null ? null : 128))
      waiting.forEach((w) => w())
    }),
  )
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (l) => {
      lines.push(l)
      waiting.forEach((w) => w())
    })
  }
  const printed = () => `printed:\n${lines.join('\n')}`
  return {
    child,
    lines,
    line: (pattern, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.map((l) => pattern.exec(l)).find((m) => m !== null)
          if (found !== undefined && found !== null) done(() => resolve(found))
          else if (closed) done(() => reject(new Error(`the demo exited before printing ${pattern}; ${printed()}`)))
        }
        const timer = setTimeout(() => done(() => reject(new Error(`no line like ${pattern} within ${ms} ms; ${printed()}`))), ms)
        const done = (then: () => void) => {
          clearTimeout(timer)
          waiting.delete(check)
          then()
        }
        waiting.add(check)
        check()
      }),
    exit: (ms) =>
      Promise.race([
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => {
            child.kill('SIGKILL')
            reject(new Error(`the demo did not exit within ${ms} ms; ${printed()}`))
          }, ms).unref(),
        ),
      ]),
  }
}

/** The demo's temporary folder, from the line naming its SQLite folder. */
const demoFolder = async (demo: Demo): Promise<string> => dirname((await demo.line(/SQLite in (\S+)\)/, 60_000))[1]!)

const assertNothingLeft = (folder: string) => {
  assert.not.ok(existsSync(folder), `${folder} was removed`)
  assert.equal(processesOf(null, folder).map((p) => `${p.pid} ${p.cmdline.slice(0, 100)}`), [], 'no process of the demo is left (Chromium included)')
}

if (!existsSync(CHROMIUM)) {
  console.log(`demo-chromium.test.ts: skipped, ${CHROMIUM} is missing (apt-get install chromium; CI installs it)`)
  test.skip('notetaker demo chromium (needs /usr/bin/chromium)', () => {})
} else {
  test('demo chromium --keep: each bot records its meeting and gets notes; the server stays up with its key until Ctrl-C', async () => {
    const demo = startDemo(['--keep'])
    try {
      const folder = await demoFolder(demo)
      const url = (await demo.line(/^Notetaker keeps running at (http:\/\/127\.0\.0\.1:\d+\/ext\/v1)/, 150_000))[1]!
      const out = demo.lines.join('\n')
      for (const platform of PLATFORMS) {
        assert.ok(out.includes(`] ${`${platform}:`.padEnd(16)} admitted, recording`), `${platform} was recording:\n${out}`)
        assert.ok(out.includes(`] ${`${platform}:`.padEnd(16)} ready: the notes can be read`), `${platform} got its notes:\n${out}`)
        assert.match(out, new RegExp(`^  ${platform} +".+": waited \\d+ s to be admitted, recorded \\d+ s$`, 'm'))
      }
      assert.is(out.match(/^ +transcript: 3 utterances by (Alice Example and Bob Example|Bob Example and Alice Example)$/gm)?.length, 3, out)
      assert.is(out.match(/^ +summary: \S.+$/gm)?.length, 3, out)

      // What --keep prints works: the Google Meet account's key reads its recording over the API.
      const key = (await demo.line(/^ {2}meet@demo\.localhost +(ntk_\S+)$/, 1_000))[1]!
      const listed = await fetch(`${url}/recordings`, { headers: { authorization: `Bearer ${key}` } })
      assert.is(listed.status, 200)
      const rows = ((await listed.json()) as { data: { rows: Array<{ platform: string; state: string }> } }).data.rows
      assert.equal(rows.map((r) => [r.platform, r.state]), [['google_meet', 'ready']])

      demo.child.kill('SIGINT')
      assert.is(await demo.exit(60_000), 0, demo.lines.join('\n'))
      assert.is(demo.lines.at(-1), 'Done.')
      assertNothingLeft(folder)
    } finally {
      demo.child.kill('SIGKILL')
    }
  })

  test('Ctrl-C while the bots are in their meetings stops everything cleanly (exit 130)', async () => {
    const demo = startDemo([])
    try {
      const folder = await demoFolder(demo)
      await demo.line(/admitted, recording$/, 90_000)
      demo.child.kill('SIGINT')
      assert.is(await demo.exit(60_000), 130, demo.lines.join('\n'))
      assert.ok(demo.lines.some((l) => /^SIGINT: stopping/.test(l)), demo.lines.join('\n'))
      assert.is(demo.lines.at(-1), 'Stopped.')
      assertNothingLeft(folder)
    } finally {
      demo.child.kill('SIGKILL')
    }
  })
}

test('without what it needs, it says in one line what to install and exits 1; a wrong option exits 2', () => {
  // A PATH without espeak-ng and openssl stands in for a machine without them (the check for Chromium is the same).
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), 'demo', 'chromium'], { cwd: ROOT, env: { ...process.env, PATH: '/nonexistent' }, encoding: 'utf8', timeout: 60_000 })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /^notetaker demo chromium needs (\/usr\/bin\/chromium and )?espeak-ng and openssl .*: sudo apt-get install (chromium )?espeak-ng openssl\n$/)
  const wrong = spawnSync(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), 'demo', 'chromium', '--bogus'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
  assert.is(wrong.status, 2, wrong.stderr)
  assert.match(wrong.stderr, /^notetaker: Unknown option '--bogus'\n/)
})

test.run()
