/**
 * Why a bot must stop what it is doing right now: someone asked it to leave,
 * or its browser died. The first reason raised wins; loops poll `current`, and
 * long waits race `raised`.
 */
export type Interrupt =
  | { readonly kind: 'leave' }
  | { readonly kind: 'crash'; readonly detail: string }

export interface Interrupts {
  readonly current: Interrupt | null
  readonly raised: Promise<Interrupt>
  raise(i: Interrupt): void
  /** Waits ms, or less if an interrupt is raised meanwhile. */
  sleep(ms: number): Promise<void>
}

export const createInterrupts = (): Interrupts => {
  let current: Interrupt | null = null
  let resolve!: (i: Interrupt) => void
  const raised = new Promise<Interrupt>((r) => (resolve = r))
  // Sleepers register here rather than on `raised`, so hours of polling do not pile up callbacks.
  const sleepers = new Set<() => void>()
  return {
    get current() {
      return current
    },
    raised,
    raise: (i) => {
      if (current !== null) return
      current = i
      resolve(i)
      for (const wake of sleepers) wake()
      sleepers.clear()
    },
    sleep: (ms) =>
      new Promise<void>((r) => {
        if (current !== null) return r()
        const wake = (): void => {
          clearTimeout(t)
          sleepers.delete(wake)
          r()
        }
        const t = setTimeout(wake, ms)
        sleepers.add(wake)
      }),
  }
}
