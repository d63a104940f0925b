import { natsServers } from './connection-policy';

describe('natsServers (NATS_URL)', () => {
  it('reads one server', () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
  });

  it('reads every server of a cluster from a comma-separated list, spaces and a trailing comma aside', () => {
    expect(natsServers('nats://nats-0.nats:4222, nats://nats-1.nats:4222 ,nats://nats-2.nats:4222,')).toEqual([
      'nats://nats-0.nats:4222',
      'nats://nats-1.nats:4222',
      'nats://nats-2.nats:4222',
    ]);
  });

  it('refuses a value that names no server', () => {
    expect(() => natsServers(' , ')).toThrow('NATS_URL names no server');
  });
});
