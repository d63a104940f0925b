import { expect, type APIRequestContext } from '@playwright/test';

export type Role = 'signed out' | 'user' | 'admin';

export const ADMIN = { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD };

/** A fresh custodian account, signed in on this request context (and so in its pages). */
export async function signUpNewUser(request: APIRequestContext, label: string) {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Ada', lastName: 'Keyboard', email: `e2e-${label}-${unique}@example.org`, password: 'Str0ng!Passw0rd' };
  const res = await request.post('/api/auth/register', { data: account });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return account;
}

export async function signIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A kit of the signed-in user, through the same call the register form makes; `fields` override the example's. */
export async function registerKit(request: APIRequestContext, locationName: string, fields: Record<string, string> = {}): Promise<number> {
  const res = await request.post('/api/bleed-kits', {
    data: {
      serialNumber: `A11Y-${Date.now()}`.slice(0, 20),
      make: 'mere',
      locationType: 'unlocked_cabinet',
      locationName,
      addressLine1: '1 Market Street',
      city: 'Altrincham',
      postcode: 'WA14 1PF',
      latitude: '53.3875',
      longitude: '-2.3490',
      purchaseDate: '2025-01-01',
      expiryDate: '2028-01-01',
      custodianName: 'Ada Keyboard',
      custodianPhone: '01619125920',
      custodianEmail: 'ada@example.org',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
