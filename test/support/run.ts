/** The tests' task helpers are the contract suites' own (src/contracts/tasks.ts). */
export { left, right } from '../../src/contracts/tasks.js'
