/**
 * Turns a function written in TypeScript (type-checked against the DOM library)
 * into source text that runs inside the page, called with one JSON argument.
 *
 * Why not hand the function to Playwright directly: under tsx/esbuild named
 * functions are wrapped in a `__name(...)` helper that does not exist in the
 * page, so the serialised code would throw. The shim below makes it a no-op.
 * The function must be self-contained (no imports, no closure over module scope).
 */
export const pageScript = <A>(fn: (arg: A) => unknown, arg: A): string =>
  `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`
