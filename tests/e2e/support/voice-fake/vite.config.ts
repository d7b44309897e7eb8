/**
 * The site's build with the voice SDK swapped for the scripted fake beside this file: the voice-scripted browser
 * tests build with it (tests/e2e/serve.ts sets BUILD_VITE_CONFIG), a real build never does.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig, type ConfigEnv, type UserConfig } from 'vite'
import siteConfig from '../../../../vite.config'

const fakeVapi = fileURLToPath(new URL('./fakeVapi.ts', import.meta.url))

export default defineConfig((env: ConfigEnv) =>
  mergeConfig((siteConfig as (env: ConfigEnv) => UserConfig)(env), { resolve: { alias: { '@vapi-ai/web': fakeVapi } } }),
)
