import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMessageSummary, OutboxPageResponse } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { EmailOutboxCard } from './email-outbox-card';

const row = (n: number, overrides: Partial<OutboxMessageSummary> = {}): OutboxMessageSummary => ({
  id: `id-${n}`,
  to: `person-${n}@example.org`,
  templateId: 'contact_user_confirmation',
  subject: `Subject ${n}`,
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2025-06-01T09:00:00.000Z',
  updatedAt: '2025-06-01T09:00:01.000Z',
  sentAt: '2025-06-01T09:00:01.000Z',
  ...overrides,
});
const page = (data: OutboxMessageSummary[], n: number, pageCount: number): OutboxPageResponse => ({
  data,
  pagination: { total: pageCount * 25, page: n, pageSize: 25, pageCount },
});

describe(EmailOutboxCard.name, () => {
  it('shows recipient, template, status, attempts and last error, and pages and filters on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/email-outbox': (req) => {
        const q = new URL(req.url).searchParams;
        if (q.get('status') === 'failed')
          return json(page([row(9, { status: 'failed', attempts: 25, lastError: 'connect ECONNREFUSED', sentAt: null })], 1, 1));
        return json(
          q.get('page') === '2'
            ? page([row(26)], 2, 2)
            : page([row(1), row(2, { status: 'queued', attempts: 3, lastError: '421 try later', sentAt: null })], 1, 2),
        );
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<EmailOutboxCard />);
    const table = await screen.findByRole('table', { name: 'E-mail outbox' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('person-1@example.org');
    expect(rows[1]).toHaveTextContent('contact_user_confirmation');
    expect(rows[2]).toHaveTextContent('queued');
    expect(rows[2]).toHaveTextContent('421 try later');
    expect(screen.getByText('Page 1 of 2 (50 e-mails)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email Templates' })).toHaveAttribute('href', '/admin/email-templates');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('person-26@example.org')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'failed' }));
    expect(await screen.findByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([r]) => new URL((r as Request).url).search)).toEqual(['?page=1', '?page=2', '?page=1&status=failed']);
  });
});
