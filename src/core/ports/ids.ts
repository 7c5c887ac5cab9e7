/** New identifiers, as a port so tests can make them predictable. */
export interface Ids {
  /** A random UUID (v4). */
  uuid(): string
  /** A reference for people to quote, e.g. `rec-1a2b-3c4d-5e6f`. */
  reference(prefix: string): string
}
