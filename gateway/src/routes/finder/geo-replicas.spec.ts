import { GeoReplicas } from './geo-replicas';

describe('GeoReplicas', () => {
  let now = 0;
  const replicas = () => new GeoReplicas(2500, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('is empty until a replica announces itself (the caller then asks the queue group)', () => {
    expect(replicas().pick()).toBeNull();
  });

  it('asks the replicas heard from in turn', () => {
    const r = replicas();
    r.heard('a');
    r.heard('b');
    const picks = Array.from({ length: 6 }, () => r.pick());
    expect(new Set(picks)).toEqual(new Set(['a', 'b']));
    expect(picks.filter((p) => p === 'a')).toHaveLength(3);
  });

  it('leaves out a replica not heard for longer than the silence allowed (cut off: it cannot say so)', () => {
    const r = replicas();
    r.heard('a');
    r.heard('b');
    now += 2000;
    r.heard('b');
    now += 1000; // a: 3000 ms of silence, b: 1000 ms
    expect(Array.from({ length: 4 }, () => r.pick())).toEqual(['b', 'b', 'b', 'b']);
    now += 2000; // b: 3000 ms too
    expect(r.pick()).toBeNull();
  });

  it('keeps a replica that is quiet for exactly the silence allowed', () => {
    const r = replicas();
    r.heard('a');
    now += 2500;
    expect(r.pick()).toBe('a');
  });

  it('leaves out a replica that did not answer until it announces itself again', () => {
    const r = replicas();
    r.heard('a');
    r.heard('b');
    r.suspect('a');
    expect(Array.from({ length: 3 }, () => r.pick())).toEqual(['b', 'b', 'b']);
    r.heard('a');
    expect(new Set(Array.from({ length: 4 }, () => r.pick()))).toEqual(new Set(['a', 'b']));
  });

  it('picks another replica than the one that failed, or none when it was the only one', () => {
    const r = replicas();
    r.heard('a');
    r.heard('b');
    expect(r.pick('a')).toBe('b');
    expect(r.pick('b')).toBe('a');
    const lone = replicas();
    lone.heard('a');
    expect(lone.pick('a')).toBeNull();
  });

  it('asks the replica with the fewest queries outstanding (one paused piles them up), in turn among equals', () => {
    const r = replicas();
    r.heard('a');
    r.heard('b');
    r.asked('a');
    r.asked('a');
    r.asked('b');
    expect(Array.from({ length: 3 }, () => r.pick())).toEqual(['b', 'b', 'b']);
    r.settled('a');
    r.settled('a');
    expect(Array.from({ length: 3 }, () => r.pick())).toEqual(['a', 'a', 'a']);
    r.settled('b');
    expect(new Set(Array.from({ length: 4 }, () => r.pick()))).toEqual(new Set(['a', 'b']));
    expect(r.pick('a')).toBe('b');
  });
});
