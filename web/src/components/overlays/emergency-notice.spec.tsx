import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmergencyNotice } from './emergency-notice';

describe('EmergencyNotice', () => {
  it('opens on load with the exact notice and closes on OK', async () => {
    const user = userEvent.setup();
    render(<EmergencyNotice />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Is this an emergency? If so call 999 now and follow their instructions. This site is not for emergency use. Press OK to continue.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
