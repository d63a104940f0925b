import './tracing';
import { PinoNestLogger, createLogger, stopOnSignals } from '@bleedkits/platform';
import { createGateway } from './bootstrap/create-gateway';
import { readGatewayEnv } from './config/env';

async function main() {
  const env = readGatewayEnv();
  const logger = new PinoNestLogger(createLogger('gateway', env.LOG_LEVEL));
  const gateway = await createGateway(env, logger);
  const { app } = gateway;
  await app.listen(env.PORT, '0.0.0.0');
  stopOnSignals(() => gateway.close(), { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, logger });
  logger.log({ msg: 'gateway listening', port: env.PORT, managementPort: gateway.managementPort, docs: '/api/docs' });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
