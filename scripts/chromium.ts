/**
 * Finds Debian's Chromium for Playwright (docs/design.md#tests): CHROME_PATH, then the usual binaries.
 * When none is there and we are root with apt-get, installs Debian's `chromium`; otherwise
 * stops with the exact command to run. Never downloads a browser build of Playwright's own.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but there is no file there.`)
    return fromEnv
  }
  return candidates.find((path) => existsSync(path))
}

export function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's chromium for the browser tests…")
    execFileSync('apt-get', ['update'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    const installed = findChromium()
    if (installed) return installed
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\nor set CHROME_PATH to a Chromium or Chrome binary.',
  )
}
