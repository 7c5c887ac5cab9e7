/** The current time, as a port so tests control it. */
export interface Clock {
  now(): Date
}
