/**
 * A counting semaphore with a FIFO wait list: at most `size` holders at once,
 * later requests are granted strictly in arrival order as slots free up.
 */
export interface SlotTicket {
  /** Resolves with a release function when the slot is granted. */
  readonly granted: Promise<() => void>
  /** Leaves the queue if still waiting; false when the slot was already granted. */
  cancel(): boolean
}

export interface SlotQueue {
  request(): SlotTicket
  readonly running: number
  readonly queued: number
}

export const createSlotQueue = (size: number): SlotQueue => {
  if (!Number.isInteger(size) || size < 1) throw new Error(`maxConcurrentBots must be a positive integer, got ${size}`)
  let running = 0
  const waiting: Array<() => void> = []

  const release = (): void => {
    running--
    const next = waiting.shift()
    if (next !== undefined) next()
  }

  const makeRelease = (): (() => void) => {
    let released = false
    return () => {
      if (released) return
      released = true
      release()
    }
  }

  return {
    request: () => {
      if (running < size && waiting.length === 0) {
        running++
        return { granted: Promise.resolve(makeRelease()), cancel: () => false }
      }
      let grant!: () => void
      const granted = new Promise<() => void>((resolve) => {
        grant = () => {
          running++
          resolve(makeRelease())
        }
      })
      waiting.push(grant)
      return {
        granted,
        cancel: () => {
          const i = waiting.indexOf(grant)
          if (i < 0) return false
          waiting.splice(i, 1)
          return true
        },
      }
    },
    get running() {
      return running
    },
    get queued() {
      return waiting.length
    },
  }
}
