import { useCallback, useMemo, useReducer } from 'react';
import { type FinderKit, type KitCluster } from '@bleedkits/contracts';
import { isFinderKit, type FinderItem } from '../lib/listing';
import { type LatLng } from '../lib/format';

export type ResultsSource = 'area' | 'search' | 'nearby';

/** What the list and the map show: found kits (search or nearby) override the kits of the current map area. */
export type FinderResults = {
  source: ResultsSource;
  kits: FinderKit[];
  /** Server clusters; only in the area view. */
  clusters: KitCluster[];
  /** e.g. 'SW1A 1AA' or 'your location'. */
  label: string | null;
  origin: LatLng | null;
  /** When the kits come from the offline snapshot: the time it was downloaded (ISO). */
  offlineAsOf: string | null;
};

type Found = { source: Exclude<ResultsSource, 'area'>; kits: FinderKit[]; label: string; origin: LatLng | null; offlineAsOf?: string | null };
type State = { area: FinderItem[]; found: Found | null };
type Action = { type: 'area'; items: FinderItem[] } | { type: 'found'; found: Found } | { type: 'restore' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'area':
      return { ...state, area: action.items };
    case 'found':
      return { ...state, found: action.found };
    case 'restore':
      return { ...state, found: null };
  }
}

/** One results state fed by the viewport, text search, three-word search and near-me. */
export function useFinderResults() {
  const [state, dispatch] = useReducer(reducer, { area: [], found: null });

  const results = useMemo<FinderResults>(() => {
    if (state.found) return { ...state.found, clusters: [], offlineAsOf: state.found.offlineAsOf ?? null };
    const kits: FinderKit[] = [];
    const clusters: KitCluster[] = [];
    for (const item of state.area) {
      if (isFinderKit(item)) kits.push(item);
      else clusters.push(item);
    }
    return { source: 'area', kits, clusters, label: null, origin: null, offlineAsOf: null };
  }, [state]);

  const showArea = useCallback((items: FinderItem[]) => dispatch({ type: 'area', items }), []);
  const showFound = useCallback((found: Found) => dispatch({ type: 'found', found }), []);
  const restoreArea = useCallback(() => dispatch({ type: 'restore' }), []);

  return { results, showArea, showFound, restoreArea };
}
