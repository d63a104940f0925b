import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DeliveryLog } from './delivery-log';
import { CLIENT, PUSH, aDelivery, logPage } from './feed-push.fixtures';

describe(DeliveryLog.name, () => {
  it('lists each attempt newest first: time, event, cursors, records, outcome, answer, duration and error', async () => {
    mockFetch({
      [`GET ${PUSH}/deliveries`]: json(
        logPage([
          aDelivery(3, { type: 'ambulance-feed.test', afterCursor: '1042', nextCursor: '1042', records: 0, attemptedAt: '2026-07-04T09:40:00.000Z' }),
          aDelivery(2, {
            attemptedAt: '2026-07-04T09:35:00.000Z',
            durationMs: 10_000,
            outcome: 'failed',
            httpStatus: null,
            error: 'timed out after 10 s',
          }),
          aDelivery(1),
        ]),
      ),
    });
    renderApp(<DeliveryLog clientId={CLIENT.id} />);
    const table = await screen.findByRole('table', { name: 'Push delivery log' });
    expect(within(screen.getByRole('region', { name: 'Delivery log' })).getByRole('table')).toBe(table);
    const [, test, failed, delivered] = within(table).getAllByRole('row');
    expect(test).toHaveTextContent('04/07/2026 10:40');
    expect(test).toHaveTextContent('Test event');
    expect(test).toHaveTextContent('1042 to 1042');
    expect(within(test).getByText('Delivered')).toBeInTheDocument();
    expect(test).toHaveAttribute('data-event', 'ambulance-feed.test');
    expect(failed).toHaveTextContent('Records');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent('No answer');
    expect(failed).toHaveTextContent('10000 ms');
    expect(failed).toHaveTextContent('timed out after 10 s');
    expect(delivered).toHaveTextContent('1000 to 1042');
    expect(delivered).toHaveTextContent('42');
    expect(delivered).toHaveTextContent('HTTP 200');
    expect(delivered).toHaveTextContent('87 ms');
  });

  it('pages through the server pages', async () => {
    const fetchMock = mockFetch({
      [`GET ${PUSH}/deliveries`]: (req) =>
        json(new URL(req.url).searchParams.get('page') === '2' ? logPage([aDelivery(1, { records: 7 })], 2, 2) : logPage([aDelivery(2)], 1, 2)),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<DeliveryLog clientId={CLIENT.id} />);
    const pages = await screen.findByRole('navigation', { name: 'Delivery log pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '7' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(fetchMock.calls()).toEqual([`GET ${PUSH}/deliveries`, `GET ${PUSH}/deliveries`]);
  });

  it('says when nothing has been sent, and when the log cannot be loaded', async () => {
    mockFetch({ [`GET ${PUSH}/deliveries`]: json(logPage([])) });
    const { unmount } = renderApp(<DeliveryLog clientId={CLIENT.id} />);
    expect(await screen.findByText('Nothing has been sent yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Delivery log pages' })).not.toBeInTheDocument();
    unmount();
    mockFetch({ [`GET ${PUSH}/deliveries`]: json({ message: 'Internal server error' }, 500) });
    renderApp(<DeliveryLog clientId={CLIENT.id} />);
    expect(await screen.findByText('The delivery log could not be loaded.')).toBeInTheDocument();
  });
});
