import type { DeploymentChange, KitRegistration, VerificationCheck } from '@bleedkits/contracts';
import type { IdempotencyCommand, IdempotencyKeyRepository, RememberedResult } from '../src/database/idempotency-key.repository';
import type { ManufacturerRepository } from '../src/database/manufacturer.repository';
import { readKitInput } from '../src/domain/kit-input';
import type { KitFields, KitState } from '../src/domain/kit-state';
import { kitPorts } from './handler-doubles';
import { exampleRegistration } from '@bleedkits/platform/testing';

/** The make every fixture kit is of. */
export const FIXTURE_MAKE = 'daniel_baird_foundation';

/** A registration that passes every rule (the harness's validKit, without booting anything); tests override what they exercise. */
export function validRegistration(overrides: Partial<KitRegistration> = {}): KitRegistration {
  return exampleRegistration({ make: FIXTURE_MAKE, ...overrides });
}

/** A stored kit as the repository reads it: validRegistration's normalised fields, then the overrides. */
export function storedKit(id: number, overrides: Partial<KitState> = {}): KitState {
  const { fields } = readKitInput(validRegistration(), new Set([FIXTURE_MAKE]));
  return {
    ...fields!,
    id,
    revision: 1,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    approvedAt: null,
    lastVerifiedAt: null,
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentChangedAt: null,
    nextVerificationDue: null,
    tourniquetExpiry: null,
    dressingsExpiry: null,
    ...overrides,
  };
}

/** The manufacturer list replaced by a fixed set of keys. */
export function manufacturers(keys: readonly string[] = [FIXTURE_MAKE, 'other']): ManufacturerRepository {
  return { keys: async () => new Set(keys) } as unknown as ManufacturerRepository;
}

/**
 * kitPorts with the writes a registration, a deployment change and a check make: `insert` gives the next id (after
 * the largest stored one) and the defaults the table gives a new row; deployment changes and checks are recorded.
 */
export function writableKitPorts(initial: Partial<KitState>[] = []) {
  const p = kitPorts(initial);
  const inserted: KitState[] = [];
  const deploymentChanges: ({ kitId: number } & Omit<DeploymentChange, 'changedAt'>)[] = [];
  const checks: ({ kitId: number } & VerificationCheck)[] = [];
  let nextId = Math.max(0, ...p.store.keys()) + 1;
  Object.assign(p.repository, {
    async insert(_m: unknown, revision: number, fields: KitFields): Promise<KitState> {
      const now = new Date().toISOString();
      const kit: KitState = {
        ...fields,
        id: nextId++,
        revision,
        createdAt: now,
        updatedAt: now,
        approvedAt: null,
        lastVerifiedAt: null,
        deploymentStatus: 'available',
        deploymentNotes: null,
        deploymentChangedAt: null,
        nextVerificationDue: null,
        tourniquetExpiry: null,
        dressingsExpiry: null,
      };
      p.store.set(kit.id, kit);
      inserted.push(kit);
      return kit;
    },
    async recordDeploymentChange(_m: unknown, kitId: number, change: Omit<DeploymentChange, 'changedAt'>): Promise<void> {
      deploymentChanges.push({ kitId, ...change });
    },
    async recordVerificationCheck(_m: unknown, kitId: number, check: Omit<VerificationCheck, 'id' | 'checkedAt'>): Promise<VerificationCheck> {
      const recorded = { ...check, id: checks.length + 1, checkedAt: new Date().toISOString() };
      checks.push({ kitId, ...recorded });
      return recorded;
    },
  });
  return { ...p, inserted, deploymentChanges, checks };
}

/**
 * The idempotency key table replaced by a map. Like the table's unique key, remembering a key twice throws. Each
 * lookup is recorded with whether it ran inside a write (a manager was passed: under the revision lock).
 */
export function idempotencyKeys(initial: RememberedResult[] = []) {
  const remembered = new Map(initial.map((r) => [r.key, { ...r }]));
  const commands: { command: IdempotencyCommand; key: string }[] = [];
  const lookups: { keys: string[]; locked: boolean }[] = [];
  const repository = {
    async find(keys: readonly string[], m?: unknown): Promise<Map<string, RememberedResult>> {
      lookups.push({ keys: [...keys], locked: m !== undefined });
      return new Map(keys.filter((k) => remembered.has(k)).map((k) => [k, { ...remembered.get(k)! }]));
    },
    async remember(_m: unknown, command: IdempotencyCommand, result: RememberedResult): Promise<void> {
      if (remembered.has(result.key)) throw new Error(`duplicate key value violates unique constraint: ${result.key}`);
      remembered.set(result.key, { ...result });
      commands.push({ command, key: result.key });
    },
  };
  return { remembered, commands, lookups, repository: repository as unknown as IdempotencyKeyRepository };
}
