import * as argon2 from 'argon2';

/** argon2id with at least the OWASP minimum (19 MiB, t=2). Verification time does not depend on whether a user exists. */
export class PasswordHasher {
  private readonly dummyHash: Promise<string>;

  constructor(private readonly memoryCost: number, private readonly timeCost: number) {
    this.dummyHash = this.hash('timing-equaliser-not-a-password');
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.memoryCost, timeCost: this.timeCost, parallelism: 1 });
  }

  /** Always runs one argon2 verification, also when there is no stored hash, so timing tells nothing. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
