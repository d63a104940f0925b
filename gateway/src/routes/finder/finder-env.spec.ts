import { readFinderEnv } from './finder-env';

describe(readFinderEnv.name, () => {
  it('hedges 5 % of map queries after 25 ms unless told otherwise, and 0 turns hedging off', () => {
    expect(readFinderEnv({})).toMatchObject({ FINDER_HEDGE_AFTER_MS: 25, FINDER_HEDGE_SHARE: 0.05 });
    expect(readFinderEnv({ FINDER_HEDGE_AFTER_MS: '0', FINDER_HEDGE_SHARE: '0' })).toMatchObject({ FINDER_HEDGE_AFTER_MS: 0, FINDER_HEDGE_SHARE: 0 });
    expect(readFinderEnv({ FINDER_HEDGE_SHARE: '1' }).FINDER_HEDGE_SHARE).toBe(1);
  });

  it('refuses a hedge share outside 0 to 1 and a negative hedge delay, naming the setting', () => {
    expect(() => readFinderEnv({ FINDER_HEDGE_SHARE: '1.5' })).toThrow(/FINDER_HEDGE_SHARE must be between 0 and 1.*got 1\.5/);
    expect(() => readFinderEnv({ FINDER_HEDGE_SHARE: '-0.1' })).toThrow(/FINDER_HEDGE_SHARE/);
    expect(() => readFinderEnv({ FINDER_HEDGE_AFTER_MS: '-5' })).toThrow(/FINDER_HEDGE_AFTER_MS must be 0 \(never hedge\) or more/);
  });
});
