import { useRef, useState, type PointerEvent } from 'react';
import { SITE } from '@/config/site';

type Swipe = { pointerId: number; startX: number };

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
        swipe.current = { pointerId: event.pointerId, startX: event.clientX };
        // Keep receiving the pointer's moves when it leaves the toast mid-swipe.
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const current = swipe.current;
        if (current && current.pointerId === event.pointerId) setOffset(Math.max(0, event.clientX - current.startX));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
