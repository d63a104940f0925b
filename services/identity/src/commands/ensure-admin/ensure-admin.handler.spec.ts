import { Logger } from '@nestjs/common';
import { cheapHasher, identityEnv, userPorts } from '../../../test/handler-doubles';
import type { IdentityEnv } from '../../config/env';
import { EnsureAdminHandler } from './ensure-admin.handler';

describe(EnsureAdminHandler.name, () => {
  const configured = { ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'Adm1n!password' };
  let logged: jest.SpyInstance;
  beforeEach(() => (logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined)));
  afterEach(() => logged.mockRestore());

  function setup(env: Partial<IdentityEnv>, initial: Parameters<typeof userPorts>[0] = []) {
    const h = cheapHasher();
    const p = userPorts(initial);
    return { h, p, handler: new EnsureAdminHandler(p.repository, h.hasher, identityEnv(env)) };
  }

  it('creates the configured admin with a hashed password and a verified address', async () => {
    const { h, p, handler } = setup(configured);
    await handler.onApplicationBootstrap();
    const [admin] = [...p.store.values()];
    expect(admin).toMatchObject({
      email: 'boss@example.org',
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
      googleId: null,
      emailVerified: true,
    });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await h.verify(admin.passwordHash, configured.ADMIN_PASSWORD)).toBe(true);
    expect(logged).toHaveBeenCalledWith({ msg: 'admin account created', email: 'boss@example.org' });
  });

  it('does nothing unless both the e-mail and the password are set', async () => {
    for (const env of [{}, { ADMIN_EMAIL: configured.ADMIN_EMAIL }, { ADMIN_PASSWORD: configured.ADMIN_PASSWORD }]) {
      const { h, p, handler } = setup(env);
      await handler.onApplicationBootstrap();
      expect(p.store.size).toBe(0);
      expect(h.calls.hash).toBe(0);
    }
  });

  it('promotes an existing account but leaves the password it may have changed since', async () => {
    const { h, p, handler } = setup(configured, [{ email: 'Boss@Example.org', role: 'user', passwordHash: 'kept-hash' }]);
    await handler.onApplicationBootstrap();
    expect([...p.store.values()]).toEqual([expect.objectContaining({ email: 'boss@example.org', role: 'admin', passwordHash: 'kept-hash' })]);
    expect(h.calls.hash).toBe(0);
  });

  it('writes nothing when the admin already exists as an admin', async () => {
    const { p, handler } = setup(configured, [{ email: 'boss@example.org', role: 'admin' }]);
    await handler.onApplicationBootstrap();
    expect(p.writes).toEqual([]);
  });

  it('promotes the account another replica created in the meantime, and rethrows any other failure', async () => {
    const raced = setup(configured);
    const create = raced.p.repository.create.bind(raced.p.repository);
    raced.p.repository.create = async (user) => {
      raced.p.add({ email: configured.ADMIN_EMAIL, role: 'user' });
      return create(user);
    };
    await raced.handler.onApplicationBootstrap();
    expect([...raced.p.store.values()]).toEqual([expect.objectContaining({ email: 'boss@example.org', role: 'admin', passwordHash: null })]);

    const broken = setup(configured);
    broken.p.repository.create = async () => {
      throw new Error('database down');
    };
    await expect(broken.handler.onApplicationBootstrap()).rejects.toThrow('database down');
    expect(broken.p.store.size).toBe(0);
  });
});
