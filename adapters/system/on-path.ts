import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Whether `command` is an executable file in one of the PATH's folders (the process's PATH unless given). */
export const onPath = (command: string, path: string = process.env['PATH'] ?? ''): boolean =>
  path.split(delimiter).some((dir) => {
    if (dir === '') return false
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
