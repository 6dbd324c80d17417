import { Worker } from 'node:worker_threads';

/**
 * A worker thread of the server from its entry's name (`ingest-worker`, `wal-checkpoint-worker`): the built
 * server runs `dist/<name>.js` beside dist/main.js (scripts/build-server.mjs builds each); from the sources (tsx,
 * vitest) the worker registers tsx itself before importing `<name>.ts`, since a worker thread does not inherit the
 * loader. `from` is the caller's import.meta.url and the entry sits in the caller's folder.
 */
export function spawnWorker(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, from), { workerData });
  const entry = new URL(`./${name}.ts`, from).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
