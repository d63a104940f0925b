import { act, fireEvent, render, screen } from '@testing-library/react';
import { SITE } from '@/config/site';
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

  describe('swipe to dismiss', () => {
    // jsdom has MouseEvent but not PointerEvent: add its two pointer fields, as browsers have them.
    const hadPointerEvent = 'PointerEvent' in window;
    beforeAll(() => {
      if (hadPointerEvent) return;
      class PointerEvent extends MouseEvent {
        readonly pointerId: number;
        readonly pointerType: string;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
          this.pointerType = init.pointerType ?? 'mouse';
        }
      }
      Object.defineProperty(window, 'PointerEvent', { value: PointerEvent, configurable: true });
    });
    afterAll(() => {
      if (!hadPointerEvent) delete (window as { PointerEvent?: unknown }).PointerEvent;
    });
    /** A pointer pressed on the toast, moved `dx` px to the right in steps, and released. */
    function swipe(target: Element, dx: number, pointerType: 'mouse' | 'touch' = 'touch') {
      const at = (clientX: number) => ({ pointerId: 7, pointerType, button: 0, buttons: 1, clientX, clientY: 300, bubbles: true });
      fireEvent.pointerDown(target, at(600));
      for (let step = 1; step <= 4; step++) fireEvent.pointerMove(target, at(600 + (dx * step) / 4));
      fireEvent.pointerUp(target, { ...at(600 + dx), buttons: 0 });
    }
    const gone = () => act(() => jest.advanceTimersByTime(1000)); // the fade-out

    it(`dismisses a toast swiped ${SITE.toastSwipeThresholdPx} px to the right`, () => {
      render(<Toaster />);
      act(() => void showToast({ title: 'Saved' }));
      swipe(screen.getByRole('status'), 50);
      gone();
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    });

    it('keeps a toast swiped only 30 px, back in place', () => {
      render(<Toaster />);
      act(() => void showToast({ title: 'Saved' }));
      const toast = screen.getByRole('status');
      swipe(toast, 30);
      gone();
      expect(screen.getByText('Saved')).toBeInTheDocument();
      expect(toast.style.left).toBe('');
    });

    it('follows the pointer while it moves, and dismisses with a mouse too', () => {
      render(<Toaster />);
      act(() => void showToast({ title: 'Saved', variant: 'destructive' }));
      const toast = screen.getByRole('alert');
      fireEvent.pointerDown(toast, { pointerId: 3, pointerType: 'mouse', button: 0, clientX: 100 });
      fireEvent.pointerMove(toast, { pointerId: 3, pointerType: 'mouse', clientX: 140 });
      expect(toast.style.left).toBe('40px');
      fireEvent.pointerUp(toast, { pointerId: 3, pointerType: 'mouse', clientX: 160 });
      gone();
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    });

    it('ignores a swipe to the left and a cancelled one', () => {
      render(<Toaster />);
      act(() => void showToast({ title: 'Saved' }));
      const toast = screen.getByRole('status');
      swipe(toast, -80);
      fireEvent.pointerDown(toast, { pointerId: 9, pointerType: 'touch', clientX: 0 });
      fireEvent.pointerMove(toast, { pointerId: 9, pointerType: 'touch', clientX: 90 });
      fireEvent.pointerCancel(toast, { pointerId: 9, pointerType: 'touch', clientX: 90 });
      gone();
      expect(screen.getByText('Saved')).toBeInTheDocument();
    });
  });
});
