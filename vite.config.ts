import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite'
import { readBrowserSettings } from './core/settings.ts'
import { appLoaderPlugin } from './scripts/appLoaderPlugin.ts'
import { compileHintsPlugin } from './scripts/compileHintsPlugin.ts'
import { zoneDataPlugin } from './scripts/zoneDataPlugin.ts'
import { ZONE_KEY } from './src/lib/time/timePreferences.ts'
import { zoneDataFields } from './src/lib/time/zoneDataFields.ts'

// BOOKING_* settings are read by both the browser build and the server (docs/design.md#configuration).
const envPrefix = ['VITE_', 'BOOKING_']

// One year for the browser bundle and the prerender (scripts/build.ts sets it once for both builds): the footer
// renders it in the HTML and during hydration, then the visitor's own year (Footer.tsx).
const buildYear = Number(process.env.BUILD_YEAR) || new Date().getFullYear()

const reactPackages = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/
const frameworkPackages = /[\\/]node_modules[\\/](@tanstack|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/
const xstatePackages = /[\\/]node_modules[\\/](xstate|@xstate)[\\/]/
const ownCode = /[\\/](src|machines|core)[\\/]/
const preloadHelper = /vite[\\/]preload-helper/

const nativeTemporal = fileURLToPath(new URL('core/nativeTemporal.ts', import.meta.url))

/** The browser's code takes the browser's own Temporal where there is one (core/nativeTemporal.ts). */
function nativeTemporalPlugin(): Plugin {
  return {
    name: 'native-temporal',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'temporal-polyfill' || options.ssr || importer === nativeTemporal) return null
      return nativeTemporal
    },
  }
}

/** What a press on Book a Call runs besides the app: the site's machines and the booking form (src/boot/loadBookingForm.ts). */
const runAtPress = ['src/boot/firstSlots.ts', 'src/logic/siteMachines.ts', 'src/components/booking/BookingForm.tsx']

/**
 * Six characters of content hash, not eight: the first load names about twenty of the built files (what it preloads,
 * what it imports later, its workers), and a hash does not compress (docs/design.md#budgets counts gzip bytes). Six
 * base-64 characters tell 68 billion versions of a file apart.
 */
const shortHashedNames = {
  entryFileNames: 'assets/[name]-[hash:6].js',
  chunkFileNames: 'assets/[name]-[hash:6].js',
  assetFileNames: 'assets/[name]-[hash:6][extname]',
}

const config = {
  envPrefix,
  plugins: [
    nativeTemporalPlugin(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The main layout (header, footer, voice button) is on 13 of the 14 pages: in the entry, not a chunk
      // of its own that every first load waits for too.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/_main' ? [] : undefined) },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    // The page's script becomes an inline loader that imports main.tsx once the page has painted.
    // The booking form's files, and the site's machines that open it, are fetched at the first idle moment after
    // the app has run, not run. The first slots' file (with the store of prefetched slots) right after the worker:
    // the page imports it when the worker names its URL, and it must be there before the picker asks, or the
    // picker asks again; a hover on Book a Call imports it too.
    // A press before the app has run asks the first slots' worker at once, for the app to take its answer.
    appLoaderPlugin({
      fetchWhenIdle: ['src/boot/firstSlotsWorker.ts', ...runAtPress],
      firstSlotsAtPress: { worker: 'src/boot/firstSlotsWorker.ts', zoneKey: ZONE_KEY },
    }),
    // Those files, and the app's, compiled whole as they arrive rather than function by function as they first run.
    compileHintsPlugin({ runAtPress }),
    // The zone search's table of zones, without the fields it does not read.
    zoneDataPlugin(zoneDataFields),
  ],
  // The particle background's worker imports tsparticles, which loads parts of itself with import():
  // a module worker can, a classic one (Vite's default) cannot.
  worker: { format: 'es', rolldownOptions: { output: shortHashedNames } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser that runs ES2022 preloads modules natively (Safari since 17); older ones still load them, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        ...shortHashedNames,
        codeSplitting: {
          groups: [
            // The automatic split cut the first load into many small files, and each file compresses on
            // its own (docs/design.md#budgets counts gzip bytes). Fewer, larger files: what every page runs from
            // packages as two (React; the router), and our own code that main.tsx reaches
            // as another (code that lazy chunks alone use stays with them).
            // Two package files, not one: the browser runs a file's code as one task, and the loader
            // imports each file in a task of its own; all packages in one file ran for 25 ms on this
            // machine, 100 ms at Lighthouse's 4 × slower CPU (docs/design.md#budgets: TBT).
            // Vite's helper for import() goes with React: every lazy chunk uses it.
            { name: 'react', test: (id) => reactPackages.test(id) || preloadHelper.test(id), priority: 3 },
            { name: 'framework', test: frameworkPackages, priority: 2 },
            // Not in the first load: the machines a page runs from hydration on are imported when it is
            // idle (src/boot/deferredActor.ts), and the lazy parts (booking form, voice call) share it.
            { name: 'xstate', test: xstatePackages, priority: 2 },
            { name: 'app', test: ownCode, tags: ['$initial'], priority: 1 },
            // The sections that three pages or more are built from (hero, section, FAQ, Talk to an
            // Expert…): one file rather than one each.
            { name: 'blocks', test: /[\\/]src[\\/]components[\\/]/, minShareCount: 3 },
            // The small modules the booking form shares with the site's machines, its toast and the manage page (focus,
            // dates, Add to calendar, the visit's first touch…): one file rather than seven, each a request of its own that a press on slow 4G
            // waits for (docs/performance.md#the-forms-files). Not in 'blocks', which a page's first load fetches.
            {
              name: 'booking-parts',
              test: /[\\/](src[\\/]lib[\\/]dom[\\/]focus|src[\\/]lib[\\/]time[\\/]format|src[\\/]lib[\\/]pages[\\/]firstTouch|core[\\/]leadSource|machines[\\/](providedByApp|particleBackground)|src[\\/]components[\\/]booking[\\/](CallPlace|AddToCalendar))\.tsx?$/,
              priority: 1,
            },
            // What the booking form's day picker, the manage page and the desk share (valibot, the wire and its checks, the
            // slots): one file, as before the desk reached part of it, which the split would make a file of its own: one more
            // request for the form (docs/performance.md#the-forms-files). The desk loads picker code it does not run.
            {
              name: 'booking-wire',
              test: /[\\/](node_modules[\\/]valibot[\\/]|core[\\/](phoneRules|bookingFields|leadWire|bookingWire|emailVerification|bookingErrors|slotWindow|bookingPayload)\.ts$|src[\\/]lib[\\/]api[\\/]calendarApi\.ts$|machines[\\/](timeDisplay|slots)\.ts$|src[\\/]logic[\\/]slots\.ts$|src[\\/]components[\\/]booking[\\/](DayPicker|arrowFocus|DayRow|SlotGrid|DaySlots|zoneSearchModule|TimeSettings|useDaySlots)\.tsx?$)/,
              priority: 1,
            },
            // The slots' prefetch stays a file of its own, which the first slots' script imports at idle without waiting
            // for the one above (a group takes along what its modules import).
            { name: 'slotsPrefetch', test: /[\\/]src[\\/]lib[\\/]api[\\/]slotsPrefetch\.ts$/, priority: 2 },
          ],
        },
      },
    },
  },
} satisfies UserConfig

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), envPrefix), ...process.env }
  // Every browser setting, checked here: a wrong one fails the build with the variable's name, as it
  // stops the server. The app reads the result (src/config.ts), never the variables.
  const settings = readBrowserSettings(env)
  return {
    ...config,
    define: {
      'import.meta.env.BROWSER_SETTINGS': JSON.stringify(settings),
      'import.meta.env.BUILD_YEAR': JSON.stringify(buildYear),
      // A constant at each use, so the first-load voice shell of a build without voice settings drops
      // what it would never show (VoiceWidget.tsx).
      'import.meta.env.VOICE_CONFIGURED': JSON.stringify(settings.voice !== null),
      // The same for a phone call: a video-only build's booking form carries no phone rules (useBookingForm.ts).
      'import.meta.env.PHONE_OFFERED': JSON.stringify(settings.booking.locations.includes('phone')),
    },
  }
})
