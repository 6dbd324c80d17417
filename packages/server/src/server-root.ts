import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server), found the same from the sources (src/…/file.ts under tsx or
 * vitest) and from the build (dist/main.js, one file): files the server ships beside its code (reference data) and
 * the web app's build are named from here, never by counting `../` from a source file.
 */
export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@vendo/server') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no @vendo/server package.json above ${from}`);
  }
}
