import { act, render, screen } from '@testing-library/react';
import { dismissToast, showToast } from './use-toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    jest.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    render(<Toaster />);
    act(() => void showToast({ title: 'First' }));
    act(() => void showToast({ title: 'Second', description: 'Details', variant: 'destructive' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('SecondDetails');
  });

  it('hides a toast after 5000 ms', () => {
    render(<Toaster />);
    act(() => void showToast({ title: 'Saved' }));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    act(() => jest.advanceTimersByTime(1000)); // the fade-out
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
