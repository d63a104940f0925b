import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@bleedkits/platform/testing';

export type GatewayProcess = {
  pid: number;
  baseUrl: string;
  /** The internal port of /healthz, /readyz and /metrics. */
  managementUrl: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and waits for the exit; resolves the exit code. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
};

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * The gateway as a real child process through its own main.ts (tracing loaded first, the signal handling of
 * production), from source, returning once its readiness probe answers 200. For tests that need what only a fresh
 * process shows: OpenTelemetry's instrumentation of http and express, the access log, a SIGTERM.
 */
export async function startGatewayProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<GatewayProcess> {
  const port = env.PORT ?? String(await freePort());
  const managementPort = env.MANAGEMENT_PORT ?? String(await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', path.join(ROOT, 'platform/src/testing/register-ts.js'), path.join(ROOT, 'gateway/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        SERVE_WEB: 'false',
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ...env,
        PORT: port,
        MANAGEMENT_PORT: managementPort,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const managementUrl = `http://127.0.0.1:${managementPort}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode} before it was ready:\n${log.slice(-4000)}`);
    const ready = await fetch(`${managementUrl}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the gateway was not ready within ${timeoutMs} ms:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    managementUrl,
    output: () => log,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
