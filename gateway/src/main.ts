import './tracing';
import { PinoNestLogger, createLogger } from '@bleedkits/platform';
import { createGateway } from './bootstrap/create-gateway';
import { readGatewayEnv } from './config/env';

async function main() {
  const env = readGatewayEnv();
  const logger = new PinoNestLogger(createLogger('gateway', env.LOG_LEVEL));
  const { app } = await createGateway(env, logger);
  await app.listen(env.PORT, '0.0.0.0');
  logger.log({ msg: 'gateway listening', port: env.PORT, docs: '/api/docs' });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
