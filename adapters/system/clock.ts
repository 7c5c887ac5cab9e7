import type { Clock } from '../../src/core/ports/clock.js'

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until told to move; for tests and simulations. */
export const fixedClock = (start: Date | string) => {
  let current = new Date(start)
  return {
    now: () => new Date(current),
    set: (to: Date | string) => {
      current = new Date(to)
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms)
    },
  }
}
