import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './pager';

describe('Pager', () => {
  it('names what it pages, says where it is and moves one page either way within the pages there are', async () => {
    const onPage = jest.fn();
    const { rerender } = render(<Pager label="Delivery log pages" page={1} pageCount={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Delivery log pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager label="Delivery log pages" page={3} pageCount={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
