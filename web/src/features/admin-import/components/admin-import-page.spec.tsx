import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { kitTypeOf, missingColumns, parsePreviewCsv, sizeInKb, validatedFileName } from '../lib/preview-csv';
import { AdminImportPage } from './admin-import-page';

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const rows = Array.from({ length: 12 }, (_, i) => `KIT-${i + 1},"Hall ${i + 1}, East",${i + 1} Road,Sale,M33 1AA`);
const text = ['Serial Number,Location Name,Address Line 1,City,Postcode', '', ...rows, ''].join('\r\n');

let saved: { name: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: readBlob(blobs.get(this.href)!) });
  });
  mockFetch({});
});
afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

describe('the preview parser', () => {
  it('splits on commas and newlines, skips blank lines, keys rows by the header', () => {
    expect(parsePreviewCsv('a,b\r\n\r\n1,"x, y"\n')).toEqual({ headers: ['a', 'b'], rows: [{ a: '1', b: 'x, y' }] });
    expect(() => parsePreviewCsv('\r\n\r\n')).toThrow();
    expect([kitTypeOf('Cabinet-kits.csv'), kitTypeOf('city-building-list.csv'), kitTypeOf('kits.csv')]).toEqual(['cabinet', 'building', 'cabinet']);
    expect(missingColumns(['serial number', 'City'])).toEqual(['Location Name', 'Address Line 1', 'Postcode']);
    expect(sizeInKb(2560)).toBe('2.50 KB');
    expect(validatedFileName('building', new Date('2025-07-01T12:00:00Z'))).toBe('validated-building-kits-2025-07-01.csv');
  });
});

describe('/admin/import', () => {
  it('previews the first 10 rows with the file name and size, sets the kit type from the name and toggles it', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(<AdminImportPage />);
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText(/The real import is done directly with admin credentials/)).toBeInTheDocument();
    const file = new File([text], 'building-kits.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('preview-file-input'), { target: { files: [file] } });
    expect(await screen.findByText('Showing 10 of 12 rows')).toBeInTheDocument();
    const details = screen.getByTestId('file-details');
    expect(details).toHaveTextContent(`building-kits.csv (${sizeInKb(file.size)})`);
    expect(details).toHaveTextContent('Building kits — limited hours, Mon-Fri 09:00-17:00');
    expect(within(screen.getByRole('table', { name: 'CSV preview' })).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Hall 1, East')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to Cabinet Kits' }));
    expect(details).toHaveTextContent('Cabinet kits — 24/7 access with access code {secret}');

    await user.click(screen.getByRole('button', { name: 'Validate Data' }));
    expect(screen.getByText('Preview complete: 12 rows checked. Nothing has been sent to the server.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export Validated CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe(validatedFileName('cabinet'));
    const exported = (await saved[0].text).split('\r\n');
    expect(exported[0]).toBe('Serial Number,Location Name,Address Line 1,City,Postcode,Kit Type,Access,Access Code');
    expect(exported[1]).toBe('KIT-1,"Hall 1, East",1 Road,Sale,M33 1AA,cabinet,24/7 access,{secret}');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('file-details')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a .csv file to preview it.')).toBeInTheDocument();
  });

  it("says 'Failed to parse CSV file' for a file it cannot read as CSV", async () => {
    renderApp(<AdminImportPage />);
    fireEvent.change(screen.getByTestId('preview-file-input'), { target: { files: [new File(['\r\n\r\n'], 'empty.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(screen.getByText('Failed to parse CSV file')).toBeInTheDocument());
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
