import { type NatsConnection, connect } from 'nats';
import { type IndexAnnouncement, type KitChangedHint } from '@bleedkits/contracts';
import { GeoSearchSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { type TestNatsServer, startTestNatsServer, waitFor } from '../testing';
import { NatsBus, publishEventOn } from './nats-bus';

/** Declared events over a real NATS server: what a publisher sends is what a subscriber hears, and nothing malformed. */
describe('NatsBus events (publishEvent, subscribeEvent, publishEventOn)', () => {
  let nats: TestNatsServer;
  let publisher: NatsBus;
  let subscriber: NatsBus;
  let raw: NatsConnection;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    publisher = new NatsBus({ servers: nats.url, name: 'event-publisher', requestTimeoutMs: 2000 });
    subscriber = new NatsBus({ servers: nats.url, name: 'event-subscriber', requestTimeoutMs: 2000 });
    raw = await connect({ servers: nats.url });
    await Promise.all([publisher.whenConnected(), subscriber.whenConnected()]);
  });

  afterAll(async () => {
    await raw?.close();
    await publisher?.close();
    await subscriber?.close();
    await nats?.stop();
  });

  /**
   * Subscribes, and resolves once the subscription is in place on the server (a ping heard). Pings are never in the
   * payloads: one sent while waiting may arrive after the first.
   */
  async function heard<T>(subscribe: (onEvent: (payload: T) => void) => { unsubscribe(): void }, ping: () => void, isPing: (payload: T) => boolean) {
    const payloads: T[] = [];
    let inPlace = false;
    const subscription = subscribe((payload) => {
      if (isPing(payload)) inPlace = true;
      else payloads.push(payload);
    });
    await waitFor(() => {
      if (!inPlace) ping();
      return inPlace;
    }, 5000);
    return { payloads, subscription };
  }

  it("hears a declared event's payload as published, by the bus and on a connection of its own", async () => {
    const { payloads, subscription } = await heard<IndexAnnouncement>(
      (onEvent) => subscriber.subscribeEvent(GeoSearchSubjects.indexChanged, onEvent),
      () => publisher.publishEvent(GeoSearchSubjects.indexChanged, { tag: 'ping' }),
      (p) => p.tag === 'ping',
    );
    publisher.publishEvent(GeoSearchSubjects.indexChanged, { tag: 'ab12', replica: 'geo-1' });
    publishEventOn(raw, GeoSearchSubjects.indexChanged, { tag: 'cd34', replica: 'geo-2' });
    // A publisher that sends plain JSON, as geo-search's replicas did before their announcements were declared.
    raw.publish(GeoSearchSubjects.indexChanged, JSON.stringify({ tag: 'ef56' }));
    await waitFor(() => payloads.length === 3, 5000);
    // Order holds per connection only: the bus and the raw connection may interleave.
    expect([...payloads].sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      { tag: 'ab12', replica: 'geo-1' },
      { tag: 'cd34', replica: 'geo-2' },
      { tag: 'ef56' },
    ]);
    subscription.unsubscribe();
  });

  it("drops a payload that fails its declaration's check, so a subscriber only ever gets the declared type", async () => {
    const { payloads, subscription } = await heard<KitChangedHint>(
      (onEvent) => subscriber.subscribeEvent(KitsSubjects.changed, onEvent),
      () => publisher.publishEvent(KitsSubjects.changed, { revision: 0 }),
      (p) => p.revision === 0,
    );
    for (const malformed of ['{"revision":"7"}', '{"pattern":"kits.evt.changed.v1","data":{"revision":null}}', '[7]', 'not json', '{}']) {
      raw.publish(KitsSubjects.changed, malformed);
    }
    // One connection's messages arrive in order: once this one is heard, every malformed one before it was dropped.
    publishEventOn(raw, KitsSubjects.changed, { revision: 8 });
    await waitFor(() => payloads.length > 0, 5000);
    expect(payloads).toEqual([{ revision: 8 }]);
    subscription.unsubscribe();
  });

  it('stops hearing an event once unsubscribed', async () => {
    const { payloads, subscription } = await heard<KitChangedHint>(
      (onEvent) => subscriber.subscribeEvent(KitsSubjects.changed, onEvent),
      () => publisher.publishEvent(KitsSubjects.changed, { revision: 0 }),
      (p) => p.revision === 0,
    );
    subscription.unsubscribe();
    publisher.publishEvent(KitsSubjects.changed, { revision: 9 });
    // A second subscription hears the event: the first would have heard it by then.
    const { payloads: later, subscription: second } = await heard<KitChangedHint>(
      (onEvent) => subscriber.subscribeEvent(KitsSubjects.changed, onEvent),
      () => publisher.publishEvent(KitsSubjects.changed, { revision: 0 }),
      (p) => p.revision === 0,
    );
    publisher.publishEvent(KitsSubjects.changed, { revision: 10 });
    await waitFor(() => later.length > 0, 5000);
    expect(payloads).toEqual([]);
    second.unsubscribe();
  });
});
