import { useRef, useState, type PointerEvent } from 'react';
import { SITE } from '@/config/site';

type Swipe = { pointerId: number; startX: number; captured: boolean };

/** Movement before the toast takes the pointer: a press that does not move stays a click (its close button). */
const CAPTURE_AFTER_PX = 4;

/**
 * Dismisses a toast swiped to the right by at least SITE.toastSwipeThresholdPx (mouse, pen or touch, through pointer
 * events); a shorter swipe springs back. `offset` follows the pointer so the toast moves with the finger.
 */
export function useSwipeToDismiss(onDismiss: () => void) {
  const swipe = useRef<Swipe | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = swipe.current;
    if (!current || current.pointerId !== event.pointerId) return;
    swipe.current = null;
    setOffset(0);
    if (!cancelled && event.clientX - current.startX >= SITE.toastSwipeThresholdPx) onDismiss();
  };

  return {
    offset,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        swipe.current = { pointerId: event.pointerId, startX: event.clientX, captured: false };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const current = swipe.current;
        if (!current || current.pointerId !== event.pointerId) return;
        const dx = event.clientX - current.startX;
        if (!current.captured && Math.abs(dx) > CAPTURE_AFTER_PX) {
          // Keep receiving the pointer's moves when it leaves the toast mid-swipe (only once it is a swipe: a
          // captured pointer's click would go to the toast instead of its close button).
          current.captured = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        setOffset(Math.max(0, dx));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
