/**
 * The systemd units in deploy/: `systemd-analyze verify` where it is installed
 * (it reports unknown keys and bad values on stderr), and the choices of
 * docs/operations.md held as assertions either way: the user, paths, the
 * graceful stop, the hardening and the state folder.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SETTINGS } from '../../src/app/config/settings.js'
import { ROOT, tempDir } from '../support/cli.js'

type Unit = Record<string, Record<string, string[]>>

/** Sections, each a map of keys to every value given (systemd keys may repeat). */
const parseUnit = (text: string): Unit => {
  const unit: Unit = {}
  let section = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const header = /^\[(\w+)\]$/.exec(line)
    if (header !== null) {
      section = header[1]!
      unit[section] ??= {}
      continue
    }
    const eq = line.indexOf('=')
    assert.ok(eq > 0 && section !== '', `not a key=value line in a section: ${line}`)
    ;((unit[section] ??= {})[line.slice(0, eq)] ??= []).push(line.slice(eq + 1))
  }
  return unit
}

const UNITS = {
  'notetaker.service': 'serve',
  'notetaker-worker.service': 'worker',
} as const

const read = (name: string) => readFileSync(join(ROOT, 'deploy', name), 'utf8')

/** The one value of a key. */
const one = (unit: Unit, section: string, key: string): string => {
  const values = unit[section]?.[key] ?? []
  assert.is(values.length, 1, `${section}.${key} once`)
  return values[0]!
}

/** systemd's time spans as used here: "45s", "1min 30s", "2min". */
const seconds = (span: string): number =>
  [...span.matchAll(/(\d+)\s*(min|s)/g)].reduce((n, m) => n + Number(m[1]) * (m[2] === 'min' ? 60 : 1), 0)

for (const [name, command] of Object.entries(UNITS)) {
  test(`${name}: runs \`notetaker ${command}\` as the user notetaker from /opt/notetaker, with /etc/notetaker/env`, () => {
    const u = parseUnit(read(name))
    assert.is(one(u, 'Service', 'Type'), 'simple')
    assert.is(one(u, 'Service', 'User'), 'notetaker')
    assert.is(one(u, 'Service', 'Group'), 'notetaker')
    assert.is(one(u, 'Service', 'WorkingDirectory'), '/opt/notetaker')
    assert.is(one(u, 'Service', 'EnvironmentFile'), '/etc/notetaker/env')
    assert.is(one(u, 'Service', 'ExecStart'), `/usr/bin/node /opt/notetaker/bin/notetaker.mjs ${command}`)
    assert.is(one(u, 'Service', 'Restart'), 'on-failure')
    assert.equal(u['Install']?.['WantedBy'], ['multi-user.target'])
    assert.equal(u['Unit']?.['After'], ['network-online.target'])
  })

  test(`${name}: SIGTERM to Node alone, and time for the graceful stop (requests 10 s, then bots leave and jobs get 10 s)`, () => {
    const u = parseUnit(read(name))
    assert.is(one(u, 'Service', 'KillSignal'), 'SIGTERM')
    assert.is(one(u, 'Service', 'KillMode'), 'mixed')
    assert.ok(seconds(one(u, 'Service', 'TimeoutStopSec')) >= 30, 'TimeoutStopSec of 30 s or more')
  })

  test(`${name}: hardened, writing only to its state folder, which is DATA_DIR`, () => {
    const u = parseUnit(read(name))
    const s = (key: string) => one(u, 'Service', key)
    assert.equal([s('NoNewPrivileges'), s('PrivateTmp'), s('ProtectHome'), s('ProtectSystem')], ['yes', 'yes', 'yes', 'strict'])
    assert.is(s('StateDirectory'), 'notetaker')
    assert.is(s('StateDirectoryMode'), '0700')
    assert.is(s('ReadWritePaths'), '/var/lib/notetaker')
    assert.is(s('CapabilityBoundingSet'), '')
    // Node's JIT writes executable memory: this one would stop it at start.
    assert.is(u['Service']?.['MemoryDenyWriteExecute'], undefined)
    const env = Object.fromEntries((u['Service']?.['Environment'] ?? []).map((e) => e.split('=', 2) as [string, string]))
    assert.equal(env, { NODE_ENV: 'production', DATA_DIR: '/var/lib/notetaker' })
    for (const k of Object.keys(env).filter((k) => k !== 'NODE_ENV')) assert.ok(k in SETTINGS, `${k} is a setting`)
  })
}

test('the two units differ only in what they run and say', () => {
  const keys = (name: string) => {
    const u = parseUnit(read(name))
    const { Description: _d, ...unit } = u['Unit']!
    const { ExecStart: _e, ...service } = u['Service']!
    return { unit, service, install: u['Install'] }
  }
  assert.equal(keys('notetaker-worker.service'), keys('notetaker.service'))
})

test('systemd-analyze verify finds nothing to report (where systemd is installed)', () => {
  const which = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' })
  if (which.error !== undefined) {
    console.log('  (systemd-analyze is not installed: skipped; the assertions above still hold the units)')
    return
  }
  const files = Object.keys(UNITS).map((n) => join(ROOT, 'deploy', n))
  const r = spawnSync('systemd-analyze', ['verify', ...files], { encoding: 'utf8', timeout: 60_000 })
  assert.is(r.status, 0, r.stderr)
  // Unknown keys and values it cannot parse are warnings on stderr with exit 0: they count as failures here.
  assert.is(`${r.stdout}${r.stderr}`.trim(), '')
})

test('systemd-analyze verify does report a mistake (so its silence above means something)', () => {
  if (spawnSync('systemd-analyze', ['--version']).error !== undefined) return
  const dir = tempDir('systemd')
  try {
    const broken = join(dir, 'notetaker.service')
    writeFileSync(broken, read('notetaker.service').replace('KillSignal=SIGTERM', 'KillSignalx=SIGTERM'))
    const r = spawnSync('systemd-analyze', ['verify', broken], { encoding: 'utf8', timeout: 60_000 })
    assert.match(`${r.stdout}${r.stderr}`, /Unknown key 'KillSignalx'/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
