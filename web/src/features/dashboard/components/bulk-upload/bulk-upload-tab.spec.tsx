import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_ERRORS_SHOWN, type ImportJobView, KitMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BulkUploadTab } from './bulk-upload-tab';

const JOB = '5b0c7e0e-8f4e-4a53-9d1c-2f1e0e6c3a11';
const view = (overrides: Partial<ImportJobView> = {}): ImportJobView => ({
  jobId: JOB,
  status: 'processing',
  progress: 0,
  fileName: 'kits.csv',
  total: 3,
  processed: 0,
  created: 0,
  failed: 0,
  finishedAt: null,
  errorMessage: null,
  ...overrides,
});
const csvFile = (name = 'kits.csv', size?: number) => {
  const file = new File(['serialNumber\r\nA\r\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [file] } });

afterEach(() => dismissToast());

describe('Bulk Upload tab', () => {
  it('explains the import, links the template, and keeps Upload & Register disabled until a file is chosen', () => {
    mockFetch({});
    renderApp(<BulkUploadTab onBack={() => undefined} />);
    expect(screen.getByText('All imported kits need admin approval before they appear on the public map.')).toBeInTheDocument();
    expect(screen.getByText('Step 1: Download the CSV template')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV Template' })).toHaveAttribute('href', '/api/bleed-kits/template');
    expect(screen.getByText('Step 2: Choose your CSV file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload & Register' })).toBeDisabled();
  });

  it("refuses a file that is not a .csv or is over 5 MB with the spec's toasts", async () => {
    mockFetch({});
    renderApp(<BulkUploadTab onBack={() => undefined} />);
    choose(csvFile('kits.xlsx'));
    expect(await screen.findByText('Invalid File')).toBeInTheDocument();
    expect(screen.getByText('Please select a CSV file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload & Register' })).toBeDisabled();
    choose(csvFile('big.csv', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(screen.getByText('Maximum file size is 5MB')).toBeInTheDocument();
  });

  it('uploads, follows the job’s real progress, then shows the Import Results with every refused row', async () => {
    const polls = [view({ progress: 33, processed: 1 })];
    const twoThirds = view({ progress: 66, processed: 2, created: 1, failed: 1 });
    let finished = false;
    const done = view({
      status: 'completed',
      progress: 100,
      processed: 3,
      created: 2,
      failed: 1,
      errors: { '3': [KitMessages.serialNumber, KitMessages.custodianEmail] },
      errorsCsv: `/api/imports/${JOB}/errors.csv`,
    });
    const fetchMock = mockFetch({
      'POST /api/admin/bleed-kits/import': (req) => {
        expect(req.headers.get('prefer')).toBe('respond-async');
        expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        return json(view({ status: 'queued' }), 202);
      },
      [`GET /api/imports/${JOB}`]: () => json(polls.shift() ?? (finished ? done : twoThirds)),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<BulkUploadTab onBack={() => undefined} />);
    choose(csvFile());
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('Selected: kits.csv');
    await user.click(screen.getByRole('button', { name: 'Upload & Register' }));
    expect(await screen.findByText('Uploading and processing...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '66'), {
      timeout: 10_000,
    });
    expect(screen.queryByText('Complete!')).not.toBeInTheDocument();
    finished = true;
    expect(await screen.findByText('Complete!', {}, { timeout: 10_000 })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Import Results' });
    expect(within(panel).getByText('Total Records').nextSibling).toHaveTextContent('3');
    expect(within(panel).getByText('Successfully Created').nextSibling).toHaveTextContent('2');
    expect(within(panel).getByText('Errors').nextSibling).toHaveTextContent('1');
    expect(within(panel).getByText('Row 3:')).toBeInTheDocument();
    expect(within(panel).getByText(KitMessages.custodianEmail)).toBeInTheDocument();
    expect(within(panel).queryByText(/Showing the first/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Download All Errors (CSV)' })).toHaveAttribute('href', `/api/imports/${JOB}/errors.csv`);
    expect(screen.getByText('Import successful')).toBeInTheDocument();
    expect(screen.getByText('Successfully imported 2 kits.')).toBeInTheDocument();
    expect(fetchMock.calls()[0]).toBe('POST /api/admin/bleed-kits/import');

    await user.click(within(panel).getByRole('button', { name: 'Import Another File' }));
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload & Register' })).toBeDisabled();
  }, 60_000);

  it("says no kits were imported when none were, and 'Import failed' with the server's message when the upload is refused", async () => {
    mockFetch({
      'POST /api/admin/bleed-kits/import': json(view({ status: 'completed', progress: 100, processed: 1, failed: 1, total: 1 }), 202),
      [`GET /api/imports/${JOB}`]: json(
        view({ status: 'completed', progress: 100, processed: 1, failed: 1, total: 1, errors: { '2': [KitMessages.make] } }),
      ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<BulkUploadTab onBack={() => undefined} />);
    choose(csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload & Register' }));
    expect(await screen.findByText('Import completed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No kits were imported. Please check the error details.')).toBeInTheDocument();

    mockFetch({ 'POST /api/admin/bleed-kits/import': json({ message: 'Missing required column: postcode.' }, 400) });
    await user.click(screen.getByRole('button', { name: 'Import Another File' }));
    choose(csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload & Register' }));
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByText('Missing required column: postcode.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Upload & Register' })).toBeEnabled();
  }, 60_000);

  it('shows the first refused rows the server lists, the count of all, and the download of every error', async () => {
    const errors = Object.fromEntries(Array.from({ length: IMPORT_ERRORS_SHOWN }, (_, i) => [String(i + 2), [KitMessages.make]]));
    const done = view({
      status: 'completed',
      progress: 100,
      total: 5000,
      processed: 5000,
      failed: 5000,
      errors,
      errorsCsv: `/api/imports/${JOB}/errors.csv`,
    });
    mockFetch({ 'POST /api/admin/bleed-kits/import': json(done, 202), [`GET /api/imports/${JOB}`]: json(done) });
    const user = userEvent.setup({ delay: null });
    renderApp(<BulkUploadTab onBack={() => undefined} />);
    choose(csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload & Register' }));
    const panel = await screen.findByRole('region', { name: 'Import Results' }, { timeout: 10_000 });
    expect(within(panel).getByText('Errors').nextSibling).toHaveTextContent('5000');
    expect(within(panel).getAllByText(/^Row \d+:$/)).toHaveLength(IMPORT_ERRORS_SHOWN);
    expect(within(panel).getByText(`Showing the first ${IMPORT_ERRORS_SHOWN} of 5000 rows with errors.`)).toBeInTheDocument();
    const download = within(panel).getByRole('link', { name: 'Download All Errors (CSV)' });
    expect(download).toHaveAttribute('href', `/api/imports/${JOB}/errors.csv`);
    expect(download).toHaveAttribute('download');
  }, 60_000);
});
