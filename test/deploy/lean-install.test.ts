/**
 * The install stays lean (docs/operations.md#whispercpps-gpu-builds-opt-in): `@fugood/whisper.node`
 * declares a prebuilt whisper.cpp for every platform and accelerator as optional dependencies, and
 * npm would install each one matching the machine's OS and CPU (on Linux x64, beside the 2.8 MB CPU
 * build: CUDA, Vulkan and the browser's WASM build, 251 MB). Notetaker loads the CPU build only, so
 * package.json's `overrides` swap every other build for an empty package, and the lockfile `npm ci`
 * installs from must agree. Read from package.json and package-lock.json, not node_modules: what a
 * clean machine gets.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../support/cli.js'

interface Manifest {
  readonly overrides?: Readonly<Record<string, unknown>>
}
interface LockEntry {
  readonly name?: string
  readonly version?: string
  readonly os?: ReadonlyArray<string>
  readonly cpu?: ReadonlyArray<string>
  readonly optionalDependencies?: Readonly<Record<string, string>>
}
interface Lock {
  readonly packages: Readonly<Record<string, LockEntry>>
}

const WHISPER = '@fugood/whisper.node'
const STUB = 'empty-npm-package'
const STUB_SPEC = `npm:${STUB}@1.0.0`

/** Where the lockfile installs `name`: hoisted, or nested under the package that wants it. */
const lockEntries = (lock: Lock, name: string): ReadonlyArray<LockEntry> =>
  Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([, entry]) => entry)

/**
 * What a clean `npm ci` would install beyond whisper.cpp's default CPU build: each optional package of
 * whisper.node is either the CPU build of one OS and CPU (`@fugood/node-whisper-<os>-<cpu>`, skipped by
 * npm elsewhere) or overridden to the empty package, in package.json and in the lock alike.
 */
const problems = (manifest: Manifest, lock: Lock): string[] => {
  const whisper = lock.packages[`node_modules/${WHISPER}`]
  if (whisper === undefined) return [`${WHISPER} is not in the lockfile`]
  const optional = Object.keys(whisper.optionalDependencies ?? {})
  const overrides = manifest.overrides ?? {}
  const found: string[] = []
  for (const name of optional) {
    const installed = lockEntries(lock, name)
    if (overrides[name] !== undefined) {
      if (overrides[name] !== STUB_SPEC) found.push(`${name} is overridden to ${String(overrides[name])}, not ${STUB_SPEC}`)
      for (const entry of installed) if (entry.name !== STUB) found.push(`the lockfile installs ${name} ${entry.version ?? ''}, not the empty package (run npm install)`)
      continue
    }
    const cpuBuild = installed.find((e) => e.os?.length === 1 && e.cpu?.length === 1 && name === `@fugood/node-whisper-${e.os[0]}-${e.cpu[0]}`)
    if (cpuBuild === undefined) found.push(`${name} is not a platform's CPU build and is not overridden: every install would take it`)
    else if (cpuBuild.version !== whisper.version) found.push(`${name} is ${cpuBuild.version ?? '?'}, ${WHISPER} is ${whisper.version ?? '?'}`)
  }
  // An override left behind after an upgrade dropped the package would hide nothing, and mislead.
  for (const name of Object.keys(overrides)) {
    if (overrides[name] === STUB_SPEC && !optional.includes(name)) found.push(`${name} is overridden but ${WHISPER} no longer asks for it`)
  }
  return found
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock

test('a clean npm ci takes only whisper.cpp\'s CPU build: the CUDA, Vulkan and WASM builds are the empty package', () => {
  assert.equal(problems(manifest, lock), [])
})

test('on Linux x64 the lock installs the CPU build, at whisper.node\'s own version', () => {
  const whisper = lock.packages[`node_modules/${WHISPER}`]!
  const cpu = lockEntries(lock, '@fugood/node-whisper-linux-x64')
  assert.equal(
    cpu.map((e) => [e.version, e.name]),
    [[whisper.version, undefined]],
  )
  for (const variant of ['cuda', 'vulkan']) {
    assert.equal(
      lockEntries(lock, `@fugood/node-whisper-linux-x64-${variant}`).map((e) => e.name),
      [STUB],
      variant,
    )
  }
})

test('the check does catch a new accelerator, an override forgotten in the lock, and a stale override', () => {
  const whisper = lock.packages[`node_modules/${WHISPER}`]!
  const withRocm: Lock = {
    packages: {
      ...lock.packages,
      [`node_modules/${WHISPER}`]: { ...whisper, optionalDependencies: { ...whisper.optionalDependencies, '@fugood/node-whisper-linux-x64-rocm': '9.9.9' } },
      'node_modules/@fugood/node-whisper-linux-x64-rocm': { version: '9.9.9', os: ['linux'], cpu: ['x64'] },
    },
  }
  assert.equal(problems(manifest, withRocm), ['@fugood/node-whisper-linux-x64-rocm is not a platform\'s CPU build and is not overridden: every install would take it'])

  const cuda = '@fugood/node-whisper-linux-x64-cuda'
  const staleLock: Lock = {
    packages: { ...lock.packages, [`node_modules/${WHISPER}/node_modules/${cuda}`]: { version: '1.1.3', os: ['linux'], cpu: ['x64'] } },
  }
  assert.equal(problems(manifest, staleLock), [`the lockfile installs ${cuda} 1.1.3, not the empty package (run npm install)`])

  const { [cuda]: _dropped, ...otherOverrides } = manifest.overrides ?? {}
  assert.equal(problems({ overrides: otherOverrides }, lock), [`${cuda} is not a platform's CPU build and is not overridden: every install would take it`])

  const gone = '@fugood/node-whisper-linux-x64-opencl'
  assert.equal(problems({ overrides: { ...manifest.overrides, [gone]: STUB_SPEC } }, lock), [`${gone} is overridden but ${WHISPER} no longer asks for it`])
})

test.run()
