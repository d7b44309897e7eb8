import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type UserConfig } from 'vite'
import { readBookingSettings } from './core/settings'
import { readVoiceConfig } from './src/lib/voice/config'

// Browser tests only (tests/e2e/serve.ts): swap the voice SDK for a scripted fake. Never set for a real build.
const voiceFake = process.env.E2E_VOICE_FAKE === '1'

// BOOKING_* settings are read by both the browser build and the server (DESIGN §7).
const envPrefix = ['VITE_', 'BOOKING_']

// One year for the browser bundle and the prerender (scripts/build.ts sets it once for both builds): the footer
// renders it in the HTML and during hydration, then the visitor's own year (Footer.tsx).
const buildYear = Number(process.env.BUILD_YEAR) || new Date().getFullYear()

const frameworkPackages =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/

const config = {
  envPrefix,
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  ...(voiceFake && {
    resolve: { alias: { '@vapi-ai/web': fileURLToPath(new URL('./tests/e2e/support/voice-fake/fakeVapi.ts', import.meta.url)) } },
  }),
  // Every browser that runs ES2022 preloads modules natively (Safari since 17); older ones still load them, only later.
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, XState) as one file: the automatic split made
            // eight, and each file compresses on its own (DESIGN §10 counts gzip bytes). Only the parts
            // the entry reaches: what lazy chunks alone use stays with them.
            { name: 'framework', test: frameworkPackages, tags: ['$initial'] },
          ],
        },
      },
    },
  },
} satisfies UserConfig

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), envPrefix), ...process.env }
  // A wrong booking setting fails the build with the variable's name, as it stops the server.
  readBookingSettings(env)
  return {
    ...config,
    define: {
      'import.meta.env.BUILD_YEAR': JSON.stringify(buildYear),
      // A constant at each use, so the first-load voice shell of a build without voice settings drops
      // what it would never show (VoiceWidget.tsx).
      'import.meta.env.VOICE_CONFIGURED': JSON.stringify(readVoiceConfig(env) !== null),
    },
  }
})
