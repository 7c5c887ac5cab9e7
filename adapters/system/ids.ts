import { randomBytes, randomUUID } from 'node:crypto'
import type { Ids } from '../../src/core/ports/ids.js'

const group = (hex: string, i: number) => hex.slice(i * 4, i * 4 + 4)

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  reference: (prefix) => {
    const hex = randomBytes(6).toString('hex')
    return `${prefix}-${group(hex, 0)}-${group(hex, 1)}-${group(hex, 2)}`
  },
}
