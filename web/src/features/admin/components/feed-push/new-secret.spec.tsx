import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FeedPushMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { renderApp } from '@/test/render';
import { NewSecret } from './new-secret';
import { SECRET } from './feed-push.fixtures';

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

describe(NewSecret.name, () => {
  it("shows the secret with the server's warning, copies it, and is done with it", async () => {
    const onDone = jest.fn();
    const user = userEvent.setup({ delay: null });
    renderApp(<NewSecret secret={SECRET} message={FeedPushMessages.created} onDone={onDone} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(FeedPushMessages.created);
    expect(alert).toHaveTextContent(/it will not be shown again/);
    expect(screen.getByTestId('feed-push-secret')).toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says to copy it by hand when the clipboard refuses', async () => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderApp(<NewSecret secret={SECRET} message={FeedPushMessages.rotated} onDone={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Select the secret and copy it by hand.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
  });
});
