import type { Kit } from '@bleedkits/contracts';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_FILTERS, DEFAULT_PAGE_SIZE, filterKits, type KitFilters, type Page, paginate, sortKits } from '../kit-list';

export type KitListState = {
  filters: KitFilters;
  setFilter: <K extends keyof KitFilters>(key: K, value: KitFilters[K]) => void;
  clearFilters: () => void;
  isFiltered: boolean;
  pageSize: number;
  setPageSize: (size: number) => void;
  setPage: (page: number) => void;
  /** The filtered, sorted list and the current page of it. */
  matching: Kit[];
  page: Page<Kit>;
};

/** Filters (from `initialFilters`, e.g. a link's, on the first render), sort and paging of the owner's kits; any filter, sort or page-size change returns to page 1. */
export function useKitList(kits: readonly Kit[], { now, initialFilters }: { now?: Date; initialFilters?: Partial<KitFilters> } = {}): KitListState {
  const [filters, setFilters] = useState<KitFilters>(() => ({ ...DEFAULT_FILTERS, ...initialFilters }));
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  const setFilter = useCallback(<K extends keyof KitFilters>(key: K, value: KitFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  }, []);
  const clearFilters = useCallback(() => {
    setFilters(DEFAULT_FILTERS);
    setPage(1);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(1);
  }, []);

  const matching = useMemo(() => sortKits(filterKits(kits, filters, now), filters.sortField, filters.sortDirection), [kits, filters, now]);
  const current = useMemo(() => paginate(matching, page, pageSize), [matching, page, pageSize]);
  const isFiltered =
    filters.search.trim() !== '' ||
    filters.status !== 'all' ||
    filters.locationType !== 'all' ||
    filters.expiry !== 'all' ||
    filters.verification !== 'all';

  return { filters, setFilter, clearFilters, isFiltered, pageSize, setPageSize, setPage, matching, page: current };
}
