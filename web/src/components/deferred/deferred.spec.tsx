import { act, render, screen } from '@testing-library/react';
import { deferred } from './deferred';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred', () => {
  it('shows the fallback until the chunk arrives, then the component with its props', async () => {
    let arrive: (m: { Greeting: typeof Greeting }) => void = () => undefined;
    const Later = deferred(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)),
      (m) => m.Greeting,
      'A greeting',
    );
    render(<Later name="Ada" fallback={<p>Waiting</p>} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(async () => arrive({ Greeting }));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).toBeNull();
  });

  it('renders at once, in the first render, once fetched ahead of need', async () => {
    const load = jest.fn(async () => ({ Greeting }));
    const Later = deferred(load, (m) => m.Greeting, 'A greeting');
    await Later.preload();
    render(<Later name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the fallback and says so when the chunk cannot be fetched, and tries again while on the page', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const load = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ Greeting });
      const Later = deferred(load as () => Promise<{ Greeting: typeof Greeting }>, (m) => m.Greeting, 'A greeting');
      render(<Later name="Alan" />);
      await act(async () => undefined);
      expect(screen.queryByText('Hello Alan')).toBeNull();
      expect(warn).toHaveBeenCalledWith('A greeting could not be loaded', expect.any(TypeError));

      await act(async () => jest.advanceTimersByTime(2000));
      expect(screen.getByText('Hello Alan')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
      jest.useRealTimers();
    }
  });
});
