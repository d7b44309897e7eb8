/** Brand and site-wide settings. Build-time settings come from VITE_* variables (see .env.example). */
export const site = {
  name: 'Kiwi Automate',
  legalName: 'Kiwi Automate Ltd',
  location: 'Auckland, New Zealand',
  url: (import.meta.env.VITE_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  consultationUrl: import.meta.env.VITE_CONSULTATION_URL || 'https://cal.com/kiwi-automate/consultation',
  externalScriptUrl: import.meta.env.VITE_EXTERNAL_SCRIPT_URL || '',
  ogImage: '/og-image.png',
} as const
