/**
 * The settings the browser and the server both read (the host handle, the event type, BOOKING_LOCATIONS, the
 * phone country) are baked into the pages when the site is built: a server started with other values would
 * take bookings its pages never offer, or refuse the ones they do. It stops at start instead, naming the setting
 * (docs/design.md#configuration).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BUILT_SETTINGS_FILE, ConfigError, differingSharedSettings, settingText, type SharedBookingSettings } from '../../core/settings'

/** Throws a ConfigError naming each shared setting whose value differs from the build's in `distDir`. */
export async function assertBuiltWithSettings(distDir: string, shownDistDir: string, running: SharedBookingSettings): Promise<void> {
  const built = JSON.parse(await readFile(join(distDir, BUILT_SETTINGS_FILE), 'utf8')) as SharedBookingSettings
  const differing = differingSharedSettings(built, running)
  if (differing.length === 0) return
  const each = differing.map(
    (variable) => `${variable} is ${settingText(running[variable])} here, but the site in ${shownDistDir} was built with ${settingText(built[variable])}`,
  )
  throw new ConfigError(
    `${each.join('; ')}: its pages would offer what this server does not take. ` +
      'Build the site again with these settings: `npm run build`, or `npm start`, which rebuilds by itself.',
  )
}
