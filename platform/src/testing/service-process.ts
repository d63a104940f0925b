import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type ServiceContext, healthSubject } from '@bleedkits/contracts';
import { NatsBus } from '../nats/nats-bus';
import { freePort } from './free-port';

export type ServiceProcess = {
  pid: number;
  /** Its liveness, readiness and metrics port. */
  httpPort: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Sends a signal (SIGKILL to die mid-job, SIGTERM for a graceful stop) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
};

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Starts one context as a real child process through its own main.ts (the same bootstrap as production), from
 * source, and returns once it answers its health subject. For tests that kill a service mid-job and prove that
 * nothing is lost or done twice.
 */
export async function startServiceProcess(context: ServiceContext, env: Record<string, string>, timeoutMs = 30_000): Promise<ServiceProcess> {
  const httpPort = env.SERVICE_HTTP_PORT ?? String(await freePort());
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', path.join(__dirname, 'register-ts.js'), path.join(ROOT, 'services', context, 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', ...env, SERVICE_HTTP_PORT: httpPort },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const probe = new NatsBus({ servers: env.NATS_URL, name: `${context}-process-probe`, requestTimeoutMs: 1000 });
  const deadline = Date.now() + timeoutMs;
  try {
    await probe.whenConnected();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${context} exited with ${child.exitCode} before answering:\n${log.slice(-4000)}`);
      try {
        await probe.request(healthSubject(context), {});
        break;
      } catch {
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`${context} did not answer its health subject within ${timeoutMs} ms:\n${log.slice(-4000)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await probe.close();
  }
  return {
    pid: child.pid!,
    httpPort: Number(httpPort),
    output: () => log,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
