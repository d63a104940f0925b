import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { FeedPushDialog } from './feed-push-dialog';
import { CLIENT, PUSH, aSubscription, logPage } from './feed-push.fixtures';

describe(FeedPushDialog.name, () => {
  it('is a dialog named for the client, with its push view, closed with Close or Escape', async () => {
    mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
    });
    const onClose = jest.fn();
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushDialog client={CLIENT} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Push delivery: NWAS CAD' });
    expect(await within(dialog).findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Delivery log', level: 3 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
