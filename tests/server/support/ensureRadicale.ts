/**
 * vitest's global setup: the CalDAV tests need Debian's Radicale. As root with apt-get it is installed
 * when missing, as the browser tests install Chromium (scripts/chromium.ts); elsewhere those tests are
 * skipped, and this says how to run them.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { radicaleInstalled } from './radicale'

export default function ensureRadicale(): void {
  if (radicaleInstalled()) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's radicale for the CalDAV tests…")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'radicale'], { stdio: 'inherit', env })
    return
  }
  console.warn('The CalDAV tests are skipped: Radicale is not installed (sudo apt-get install -y radicale).')
}
