import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A throwaway self-signed certificate for the given host names, made with openssl in dir. */
export const selfSignedCertificate = async (dir: string, hosts: ReadonlyArray<string>): Promise<{ key: Buffer; cert: Buffer }> => {
  const keyPath = join(dir, 'standin-key.pem')
  const certPath = join(dir, 'standin-cert.pem')
  const san = ['IP:127.0.0.1', ...hosts.map((h) => `DNS:${h}`)].join(',')
  await run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=notetaker platform stand-in',
    '-addext', `subjectAltName=${san}`,
  ])
  return { key: await readFile(keyPath), cert: await readFile(certPath) }
}
