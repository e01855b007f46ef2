import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vitePlugins';

/** The reference app of `npm run bench -- reference`, built as the console is (same Vite, same plugin). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: { emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
