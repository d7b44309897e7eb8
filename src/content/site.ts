import { siteSettings } from '../config'

/** Brand and site-wide settings; the settings of the build come from src/config.ts. */
export const site = {
  name: 'Kiwi Automate',
  legalName: 'Kiwi Automate Ltd',
  location: 'Auckland, New Zealand',
  url: siteSettings.url,
  consultationUrl: siteSettings.consultationUrl,
  externalScriptUrl: siteSettings.externalScriptUrl,
  ogImage: '/og-image.png',
} as const
