import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTODIAN_STOP_API_PATH, CUSTODIAN_STOP_PAGE_PATH, CustodianMailMessages } from '@bleedkits/contracts';
import { PATHS } from '@/config/paths';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { StopEmailsPage } from './stop-emails-page';

const STOP = `POST ${CUSTODIAN_STOP_API_PATH}`;

describe('StopEmailsPage', () => {
  it('is mounted where the e-mails point their links', () => {
    expect(PATHS.stopEmails).toBe(CUSTODIAN_STOP_PAGE_PATH);
  });

  it('explains a link without a token', () => {
    mockFetch({});
    renderApp(<StopEmailsPage />, { path: '/stop-emails' });
    expect(screen.getByText(CustodianMailMessages.invalidToken)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CustodianMailMessages.pageButton })).not.toBeInTheDocument();
  });

  it('stops the e-mails only when asked (a mail scanner opening the link stops nothing), then says so', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [STOP]: () => json({ message: CustodianMailMessages.stopped }) });
    renderApp(<StopEmailsPage />, { path: '/stop-emails?token=ab.cd' });
    expect(screen.getByRole('heading', { name: CustodianMailMessages.pageTitle })).toBeInTheDocument();
    expect(await fetchMock.bodies(STOP)).toEqual([]);
    await user.click(screen.getByRole('button', { name: CustodianMailMessages.pageButton }));
    expect(await screen.findByText(CustodianMailMessages.stopped)).toBeInTheDocument();
    expect(await fetchMock.bodies(STOP)).toEqual([{ token: 'ab.cd' }]);
  });

  it("shows the server's refusal of a link it did not sign", async () => {
    const user = userEvent.setup();
    mockFetch({ [STOP]: () => json({ message: CustodianMailMessages.invalidToken, errors: [CustodianMailMessages.invalidToken] }, 400) });
    renderApp(<StopEmailsPage />, { path: '/stop-emails?token=forged' });
    await user.click(screen.getByRole('button', { name: CustodianMailMessages.pageButton }));
    expect(await screen.findByText(CustodianMailMessages.invalidToken)).toBeInTheDocument();
  });
});
