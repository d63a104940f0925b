import { useMemo } from 'react';
import type { FinderKit } from '@bleedkits/contracts';
import { isOpenNow, openState, type OpenState } from '../lib/open-now';

export type ResultRow = { kit: FinderKit; open: OpenState };

/** Each kit with its open-now state at `now`; with `openOnly`, only the kits known to be open. */
export function useResultRows(kits: readonly FinderKit[], now: Date, openOnly: boolean): ResultRow[] {
  // Minute resolution: the states only change on the minute.
  const minute = Math.floor(now.getTime() / 60_000);
  return useMemo(() => {
    const at = new Date(minute * 60_000);
    const rows = kits.map((kit) => ({ kit, open: openState(kit, at) }));
    return openOnly ? rows.filter((r) => isOpenNow(r.open)) : rows;
  }, [kits, minute, openOnly]);
}
