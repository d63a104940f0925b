import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { Option } from '@bleedkits/contracts';
import type { KitListState } from '../hooks/use-kit-list';
import {
  DIRECTION_OPTIONS,
  EXPIRY_OPTIONS,
  type KitFilters,
  SORT_OPTIONS,
  STATUS_FILTER_OPTIONS,
  TYPE_FILTER_OPTIONS,
  VERIFICATION_OPTIONS,
} from '../kit-list';
import { OptionSelect } from '@/components/forms/option-select';

function FilterSelect<K extends keyof KitFilters>({
  list,
  field,
  label,
  options,
}: {
  list: KitListState;
  field: K;
  label: string;
  options: readonly Option<string>[];
}) {
  return (
    <OptionSelect
      size="small"
      fullWidth
      label={label}
      value={list.filters[field]}
      onChange={(e) => list.setFilter(field, e.target.value as KitFilters[K])}
      options={options}
    />
  );
}

export function KitFiltersBar({ list }: { list: KitListState }) {
  return (
    <Grid container spacing={2} sx={{ mb: 2, alignItems: 'center' }} role="search" aria-label="Filter kits">
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          size="small"
          fullWidth
          label="Search"
          placeholder="Search kits, locations, postcodes..."
          value={list.filters.search}
          onChange={(e) => list.setFilter('search', e.target.value)}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <FilterSelect list={list} field="sortField" label="Sort By" options={SORT_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <FilterSelect list={list} field="sortDirection" label="Direction" options={DIRECTION_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <FilterSelect list={list} field="status" label="Status" options={STATUS_FILTER_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <FilterSelect list={list} field="locationType" label="Location Type" options={TYPE_FILTER_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <FilterSelect list={list} field="expiry" label="Expiry" options={EXPIRY_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <FilterSelect list={list} field="verification" label="Verification" options={VERIFICATION_OPTIONS} />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <Button variant="text" onClick={list.clearFilters}>
          Clear Filters
        </Button>
      </Grid>
    </Grid>
  );
}
