import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// BOOKING_* settings are read by both the browser build and the server (DESIGN §7).
export default defineConfig({
  envPrefix: ['VITE_', 'BOOKING_'],
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  build: { target: 'es2022', sourcemap: false },
})
