// Compiles the server (packages/server/src/main.ts) into one plain-JavaScript file with its source map:
// packages/server/dist/main.js, and beside it the ingest worker's thread (src/ingest/ingest-worker.ts, decision
// 055) as dist/ingest-worker.js, which main.js starts from its own directory. The workspace's own TypeScript packages (@vendo/*) are bundled in; every other
// package stays an import of node_modules (native modules such as better-sqlite3 cannot be bundled, and keeping
// them out keeps the build a second long). Decision 040.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

await build({
  entryPoints: {
    main: path.join(root, 'packages/server/src/main.ts'),
    'ingest-worker': path.join(root, 'packages/server/src/ingest/ingest-worker.ts'),
  },
  outdir: path.join(root, 'packages/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // A bare import that is not one of ours is a package of node_modules: imported at run time, not bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vendo/') || path.isAbsolute(args.path)
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.error(`server built: packages/server/dist/main.js, ingest-worker.js (${Date.now() - started} ms)`);
