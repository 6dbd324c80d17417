// `npm run dev`: the server with reload on change (demo mode, port 8080) and Vite with hot reload (port 5173),
// which proxies the API to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const env = { ...process.env, VENDO_MODE: process.env.VENDO_MODE ?? 'demo' };
const children = [
  // From the repository root, so DATA_DIR=./data means the same folder as for `npm start`.
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts', 'serve'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@vendo/web'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
