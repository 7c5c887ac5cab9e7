#!/usr/bin/env node
// The CLI runs from its TypeScript sources through tsx: fp-ts's subpath imports
// ('fp-ts/TaskEither') resolve there, not under Node's plain ESM loader.
import { register } from 'tsx/esm/api'

register()
await import('../src/app/cli.ts')
