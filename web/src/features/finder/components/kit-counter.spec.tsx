import { act, screen, waitFor } from '@testing-library/react';
import { FINDER } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { KitCounter } from './kit-counter';

const shownValue = () => screen.queryByTestId('kit-counter-value')?.textContent;

describe('KitCounter', () => {
  afterEach(() => jest.useRealTimers());

  it('counts up to the total and announces it once', async () => {
    mockFetch({ 'GET /api/stats': json({ totalKits: 3117 }) });
    renderApp(<KitCounter />);
    expect(await screen.findByRole('status')).toHaveTextContent('3,117 registered bleed kits');
    await waitFor(() => expect(Number(shownValue()?.replace(/,/g, ''))).toBeLessThan(3117));
    await waitFor(() => expect(shownValue()).toBe('3,117'), { timeout: 3000 });
  });

  it('shows a total below 10 at once, without counting', async () => {
    mockFetch({ 'GET /api/stats': json({ totalKits: 7 }) });
    renderApp(<KitCounter />);
    await waitFor(() => expect(shownValue()).toBe('7'));
  });

  it('shows nothing until the stats answer', () => {
    mockFetch({ 'GET /api/stats': () => new Promise<Response>(() => undefined) });
    renderApp(<KitCounter />);
    expect(shownValue()).toBeUndefined();
  });

  it('polls /api/stats every 60 s and follows the new total', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let total = 5;
    const fetchMock = mockFetch({ 'GET /api/stats': () => json({ totalKits: total }) });
    renderApp(<KitCounter />);
    for (let i = 0; i < 5 && shownValue() !== '5'; i++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(50);
      });
    }
    expect(shownValue()).toBe('5');
    expect(fetchMock.calls().filter((c) => c === 'GET /api/stats')).toHaveLength(1);

    total = 6;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FINDER.statsPollMs - 2_000);
    });
    expect(fetchMock.calls().filter((c) => c === 'GET /api/stats')).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_500);
    });
    for (let i = 0; i < 5 && shownValue() !== '6'; i++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(50);
      });
    }
    expect(fetchMock.calls().filter((c) => c === 'GET /api/stats')).toHaveLength(2);
    expect(shownValue()).toBe('6');
  });
});
