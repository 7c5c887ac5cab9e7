import type { Method } from './route.js'

export interface Mounted<H> {
  /** Upper case; a GET route also answers HEAD. */
  readonly methods: ReadonlyArray<string>
  /** Full path with `:name` parameters, e.g. `/ext/v1/meetings/:id`. */
  readonly path: string
  readonly handler: H
}

export interface Matched<H> {
  readonly handler: H
  readonly params: Record<string, string>
}

interface Compiled<H> {
  readonly regexp: RegExp
  readonly names: ReadonlyArray<string>
  readonly handler: H
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** The expression path-to-regexp 8 builds for `/a/:b` by default: case-insensitive, one optional trailing slash. */
const compile = <H>(path: string, handler: H): Compiled<H> => {
  const names: string[] = []
  const source = path
    .split(/:(\w+)/)
    .map((part, i) => (i % 2 === 0 ? escape(part) : (names.push(part), '([^\\/]+)')))
    .join('')
  return { regexp: new RegExp(`^(?:${source})(?:\\/$)?$`, 'i'), names, handler }
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>

/**
 * Finds the route of a request as @koa/router did (the first registered route
 * that matches wins; paths are case-insensitive and may end in one slash;
 * parameters are URL-decoded), without scanning every route on each request:
 * a path spelled exactly as a route without parameters is one map look-up.
 */
export const routeMatcher = <H>(prefix: string, table: ReadonlyArray<{ method: Method; path: string; handler: H }>) => {
  const mounted: Mounted<H>[] = table.map((r) => {
    const method = r.method.toUpperCase()
    return { methods: method === 'GET' ? ['HEAD', 'GET'] : [method], path: prefix + r.path.replace(/\{(\w+)\}/g, ':$1'), handler: r.handler }
  })
  const byMethod = new Map<string, Compiled<H>[]>()
  for (const m of mounted) {
    const compiled = compile(m.path, m.handler)
    for (const method of m.methods) {
      const list = byMethod.get(method) ?? []
      list.push(compiled)
      byMethod.set(method, list)
    }
  }
  const scan = (list: ReadonlyArray<Compiled<H>>, path: string): Matched<H> | null => {
    for (const c of list) {
      const m = c.regexp.exec(path)
      if (m === null) continue
      if (c.names.length === 0) return { handler: c.handler, params: NO_PARAMS }
      const params: Record<string, string> = {}
      c.names.forEach((name, i) => {
        params[name] = decode(m[i + 1]!)
      })
      return { handler: c.handler, params }
    }
    return null
  }
  // Exact spellings of parameterless paths, resolved once through the same first-match scan.
  const exact = new Map<string, Matched<H>>()
  for (const [method, list] of byMethod) {
    for (const m of mounted) {
      if (!m.methods.includes(method) || m.path.includes(':')) continue
      const key = `${method} ${m.path}`
      const found = scan(list, m.path)
      if (!exact.has(key) && found !== null) exact.set(key, found)
    }
  }
  return {
    mounted: mounted as ReadonlyArray<Mounted<H>>,
    match: (method: string, path: string): Matched<H> | null => {
      const hit = exact.get(`${method} ${path}`)
      if (hit !== undefined) return hit
      const list = byMethod.get(method)
      return list === undefined ? null : scan(list, path)
    },
  }
}
