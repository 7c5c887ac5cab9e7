/**
 * The Dockerfile, without Docker: dockerfile-utils (the validator behind the
 * VS Code Docker extension) finds what `docker build` would refuse, and these
 * tests hold the image to the choices docs/operations.md describes: two stages
 * on a pinned Debian Node LTS, a non-root user, /data as the volume, the
 * settings' default port, exec-form commands so SIGTERM reaches Node, and a
 * HEALTHCHECK that really asks /healthz (run here against a live server).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { validate, ValidationSeverity } from 'dockerfile-utils'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SETTINGS } from '../../src/app/config/settings.js'
import { ROOT } from '../support/cli.js'
import { startHarness } from '../support/http.js'
import { type Instruction, instructions, pairs, stages } from './dockerfile.js'

const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
const all = instructions(text)
const [build, runtime] = stages(text)
const final = runtime!.instructions
const one = (list: ReadonlyArray<Instruction>, keyword: string): Instruction => {
  const found = list.filter((i) => i.keyword === keyword)
  assert.is(found.length, 1, `one ${keyword}`)
  return found[0]!
}
const runs = (list: ReadonlyArray<Instruction>) => list.filter((i) => i.keyword === 'RUN').map((i) => i.args)

test('dockerfile-utils finds nothing to report, at its strictest', () => {
  const E = ValidationSeverity.ERROR
  const diagnostics = validate(text, {
    deprecatedMaintainer: E,
    directiveCasing: E,
    emptyContinuationLine: E,
    instructionCasing: E,
    instructionCmdMultiple: E,
    instructionEntrypointMultiple: E,
    instructionHealthcheckMultiple: E,
    instructionJSONInSingleQuotes: E,
    instructionWorkdirRelative: E,
  })
  assert.equal(
    diagnostics.map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
    [],
  )
})

test('the validator does catch mistakes (so its silence above means something)', () => {
  const broken = 'FROM node:22-bookworm-slim\nHEALTHCHECK --interval=30x CMD ["node"]\nCMD [\'serve\']\nRUNN true\n'
  const E = ValidationSeverity.ERROR
  assert.ok(validate(broken, { instructionJSONInSingleQuotes: E }).length >= 3)
})

test('two stages, build then runtime, on the same Debian bookworm slim image of a Node LTS, tagged (never latest)', () => {
  assert.is(stages(text).length, 2)
  assert.is(build!.name, 'build')
  assert.is(runtime!.name, 'runtime')
  for (const s of [build!, runtime!]) {
    assert.match(s.image, /^node:(20|22|24)-bookworm-slim$/, s.image)
    assert.not.match(s.image, /latest/)
  }
  assert.is(build!.image, runtime!.image, 'better-sqlite3 is compiled against the Node and glibc it runs on')
})

test('the build stage has a compiler for better-sqlite3, runs npm ci (which builds everything), then drops the development packages', () => {
  const r = runs(build!.instructions)
  assert.ok(r.some((cmd) => /apt-get install -y --no-install-recommends python3 make g\+\+/.test(cmd)), r.join('\n'))
  const npm = r.find((cmd) => cmd.includes('npm ci'))
  assert.ok(npm !== undefined, 'npm ci')
  assert.ok(npm!.indexOf('npm ci') < npm!.indexOf('npm prune --omit=dev'), 'prune after ci')
  // The whole source is there before npm ci: its build step compiles it.
  const copy = build!.instructions.findIndex((i) => i.keyword === 'COPY' && i.args === '. .')
  const ci = build!.instructions.findIndex((i) => i.keyword === 'RUN' && i.args.includes('npm ci'))
  assert.ok(copy !== -1 && copy < ci)
})

test('every apt-get install updates first, skips recommended packages, and removes the lists in the same layer', () => {
  const installs = all.filter((i) => i.keyword === 'RUN' && i.args.includes('apt-get install'))
  assert.is(installs.length, 2)
  for (const i of installs) {
    assert.match(i.args, /^apt-get update && apt-get install -y --no-install-recommends /, `line ${i.line}`)
    assert.match(i.args, /&& rm -rf \/var\/lib\/apt\/lists\/\*$/, `line ${i.line}`)
  }
})

test('the runtime stage installs the Debian packages the features call, the same list scripts/install-debian-packages.sh installs for the tests', () => {
  const install = runs(final).find((cmd) => cmd.includes('apt-get install'))!
  const packages = install.replace(/^.*--no-install-recommends /, '').replace(/ &&.*$/, '').split(/\s+/)
  const script = readFileSync(join(ROOT, 'scripts', 'install-debian-packages.sh'), 'utf8')
  const listed = [...script.matchAll(/packages\+?=\(([^)]*)\)/g)].flatMap((m) => m[1]!.trim().split(/\s+/))
  assert.ok(listed.length >= 7, `the script lists its packages: ${listed}`)
  assert.match(readFileSync(join(ROOT, '.ci', 'run'), 'utf8'), /scripts\/install-debian-packages\.sh --test/, '.ci/run installs them with the script')
  for (const p of listed) assert.ok(packages.includes(p), `${p} is installed in the image`)
  for (const p of ['chromium', 'ffmpeg', 'espeak-ng', 'sox', 'pocketsphinx', 'pocketsphinx-en-us', 'fonts-liberation', 'ca-certificates']) {
    assert.ok(packages.includes(p), p)
  }
})

test('a user of its own, not root, owns /data; the code is copied from the build stage and stays root\'s', () => {
  const user = one(final, 'USER')
  assert.is(user.args, 'notetaker')
  const setup = runs(final).find((cmd) => cmd.includes('useradd'))!
  assert.match(setup, /useradd --system --uid 10001 --gid notetaker --home-dir \/home\/notetaker --create-home/)
  assert.match(setup, /chown notetaker:notetaker \/data/)
  const copy = one(final, 'COPY')
  assert.is(copy.flags['from'], 'build')
  assert.is(copy.flags['chown'], undefined)
  // USER comes after every RUN and COPY (they run as root) and before HEALTHCHECK, ENTRYPOINT and CMD.
  const at = (keyword: string) => final.findIndex((i) => i.keyword === keyword)
  const userAt = final.indexOf(user)
  for (const i of final.filter((x) => x.keyword === 'RUN' || x.keyword === 'COPY')) assert.ok(final.indexOf(i) < userAt, `line ${i.line} before USER`)
  for (const k of ['HEALTHCHECK', 'ENTRYPOINT', 'CMD']) assert.ok(at(k) > userAt, `${k} after USER`)
})

test('ENV names real settings with the values the image needs; EXPOSE is their port, the default PORT of the settings', () => {
  const env = pairs(one(final, 'ENV').args)
  assert.equal(env, { DATA_DIR: '/data', HOST: '0.0.0.0', PORT: SETTINGS.PORT.fallback, NODE_ENV: 'production' })
  for (const name of Object.keys(env).filter((n) => n !== 'NODE_ENV')) assert.ok(name in SETTINGS, `${name} is a setting`)
  assert.is(one(final, 'EXPOSE').args, SETTINGS.PORT.fallback)
  assert.is(one(final, 'VOLUME').args, '/data')
  assert.is(one(final, 'WORKDIR').args, '/opt/notetaker')
})

test('ENTRYPOINT and CMD are in exec form (Node gets SIGTERM itself) and run `notetaker serve`', () => {
  assert.equal(one(final, 'ENTRYPOINT').exec, ['node', 'bin/notetaker.mjs'])
  assert.equal(one(final, 'CMD').exec, ['serve'])
  assert.ok(existsSync(join(ROOT, 'bin', 'notetaker.mjs')))
  assert.is(one(final, 'STOPSIGNAL').args, 'SIGTERM')
  // Only the final stage's commands count; the build stage has none.
  assert.not.ok(build!.instructions.some((i) => ['ENTRYPOINT', 'CMD', 'USER'].includes(i.keyword)))
})

/** The HEALTHCHECK's command, in exec form. */
const healthcheck = () => {
  const h = one(final, 'HEALTHCHECK')
  assert.match(h.args, /^CMD \[/)
  const exec = JSON.parse(h.args.slice('CMD '.length)) as string[]
  return { flags: h.flags, exec }
}

test('the HEALTHCHECK is exec form with node (no curl in slim images), on /healthz, with a timeout', () => {
  const { flags, exec } = healthcheck()
  assert.equal(exec.slice(0, 2), ['node', '-e'])
  assert.match(exec[2]!, /\/healthz'/)
  assert.equal(Object.keys(flags).sort(), ['interval', 'retries', 'start-period', 'timeout'])
  assert.is(flags['timeout'], '5s')
})

test('the HEALTHCHECK command exits 0 against a live server and 1 when nothing answers', async () => {
  const { exec } = healthcheck()
  // Asynchronously: the server answering it runs in this process.
  const run = (port: string) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, exec.slice(1), { env: { ...process.env, PORT: port }, stdio: 'ignore', timeout: 15_000 })
      child.once('exit', (code) => resolve(code))
    })
  const h = await startHarness()
  const port = new URL(h.url).port
  try {
    assert.is(await run(port), 0)
  } finally {
    await h.close()
  }
  assert.is(await run(port), 1)
})

test('.dockerignore keeps local state, secrets, installed and built files and the history out of the build context', () => {
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
  for (const p of ['**/node_modules', '**/dist', 'data', 'coverage', '.c8-output', '.git', '.env', '*.env']) assert.ok(ignored.includes(p), p)
})

test.run()
