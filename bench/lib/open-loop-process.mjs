// The open-loop generator (open-loop.mjs) in a Node process of its own. In bench:geo's own process it shared a heap
// with everything the run holds (the recorded mixes, the results, the database client): a collection there delayed
// the requests due meanwhile, and their latency, timed from when they were due, was charged to the finder. Here its
// heap is the paths and its connections.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOpenLoop } from './open-loop.mjs';

/** runOpenLoop, run in a child process; `onMeasuring` is called here when the child begins the measured run. */
export function runOpenLoopInChild(baseUrl, paths, { onMeasuring = () => undefined, ...options } = {}) {
  const child = fork(fileURLToPath(import.meta.url), ['--open-loop-child'], {
    // Not the parent's flags (an --input-type, a larger heap): a plain process of its own.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    child.on('message', (m) => {
      if (m.type === 'measuring') onMeasuring();
      else if (m.type === 'result') {
        settled = true;
        resolve(m.result);
      } else if (m.type === 'error') {
        settled = true;
        reject(new Error(`open-loop generator: ${m.message}`));
      }
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`the open-loop generator exited (${signal ?? code}) before its result`));
    });
    child.send({ baseUrl, paths, options });
  });
}

if (process.argv[2] === '--open-loop-child') {
  process.once('message', async ({ baseUrl, paths, options }) => {
    try {
      const result = await runOpenLoop(baseUrl, paths, { ...options, onMeasuring: () => process.send({ type: 'measuring' }) });
      process.send({ type: 'result', result }, () => process.exit(0));
    } catch (e) {
      process.send({ type: 'error', message: String(e?.stack ?? e) }, () => process.exit(1));
    }
  });
}
