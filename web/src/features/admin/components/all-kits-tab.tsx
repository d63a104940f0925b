import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayKitId, type AdminKit, type BulkApproveResponse } from '@bleedkits/contracts';
import {
  ADMIN_EXPORT_FILES,
  ADMIN_PAGE_SIZES,
  DEFAULT_ADMIN_PAGE_SIZE,
  KIT_LIST_CSV_COLUMNS,
  matchesKitSearch,
  ownerEmail,
  pageOf,
  sortKits,
  type AdminKitSortKey,
  type AdminPageSize,
  type SortDirection,
} from '../lib/admin-console';
import { ambulanceServiceLabel, kitStatusLabel, locationTypeLabel } from '@/config/labels';
import { useMemo, useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useBulkApproveMutation } from '../api';
import { exportCsv } from '../lib/save-file';
import { QueryState } from './query-state';
import { OptionSelect } from '@/components/forms/option-select';

const COLUMNS: { key: AdminKitSortKey; label: string }[] = [
  { key: 'serialNumber', label: 'Serial Number' },
  { key: 'locationName', label: 'Location' },
  { key: 'city', label: 'City' },
  { key: 'postcode', label: 'Postcode' },
  { key: 'status', label: 'Status' },
  { key: 'locationType', label: 'Type' },
  { key: 'ambulanceService', label: 'Ambulance Service' },
  { key: 'manuallyChecked', label: 'Manually Checked' },
  { key: 'userEmail', label: 'User Email' },
];

const STATUS_COLOUR = { active: 'success', pending: 'warning', rejected: 'error' } as const;

/** The bulk result: approved kits are counted, the rest named, never silently dropped. */
function bulkReport(result: BulkApproveResponse, kits: AdminKit[]): string[] {
  const name = (id: number) => {
    const kit = kits.find((k) => k.id === id);
    return kit ? `${displayKitId(id)} (${kit.serialNumber})` : displayKitId(id);
  };
  const lines = [`${result.approved} kits approved successfully.`];
  if (result.notPending.length)
    lines.push(`${result.notPending.length} selected kits were not pending and were left unchanged: ${result.notPending.map(name).join(', ')}.`);
  if (result.notFound.length) lines.push(`${result.notFound.length} selected kits no longer exist: ${result.notFound.map(name).join(', ')}.`);
  return lines;
}

export function AllKitsTab({
  kits,
  isLoading,
  isError,
  onEdit,
}: {
  kits: AdminKit[];
  isLoading: boolean;
  isError: boolean;
  onEdit: (kit: AdminKit) => void;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: AdminKitSortKey; direction: SortDirection }>({ key: 'serialNumber', direction: 'asc' });
  const [pageSize, setPageSize] = useState<AdminPageSize>(DEFAULT_ADMIN_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [report, setReport] = useState<{ lines: string[]; partial: boolean } | null>(null);
  const [bulkApprove, { isLoading: approving }] = useBulkApproveMutation();
  const toast = useToast();

  const filtered = useMemo(
    () =>
      sortKits(
        kits.filter((k) => matchesKitSearch(k, search)),
        sort.key,
        sort.direction,
      ),
    [kits, search, sort],
  );
  const current = pageOf(filtered, page, pageSize);
  const allSelected = filtered.length > 0 && filtered.every((k) => selected.has(k.id));

  const sortBy = (key: AdminKitSortKey) => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const leaveBulkMode = () => {
    setBulkMode(false);
    setSelected(new Set());
  };

  const approveSelected = async () => {
    const ids = [...selected];
    try {
      const result = await bulkApprove(ids).unwrap();
      const lines = bulkReport(result, kits);
      const partial = result.notPending.length > 0 || result.notFound.length > 0;
      toast({ title: lines[0], description: partial ? lines.slice(1).join(' ') : undefined });
      setReport({ lines, partial });
      leaveBulkMode();
    } catch (error) {
      toast({
        title: 'Bulk approval failed',
        description: serverMessageOr(error, 'Unable to approve the selected kits. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <QueryState isLoading={isLoading} isError={isError} what="kits">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' }, '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}
      >
        <TextField
          label="Search kits"
          placeholder="Serial, location, address, postcode, custodian or owner"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          size="small"
          sx={{ minWidth: { md: 380 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          startIcon={<Download />}
          variant="outlined"
          disabled={filtered.length === 0}
          onClick={() => exportCsv(ADMIN_EXPORT_FILES.kitList, filtered, KIT_LIST_CSV_COLUMNS)}
        >
          Export CSV
        </Button>
        {bulkMode ? (
          <Stack direction="row" spacing={1} role="group" aria-label="Bulk actions">
            <Button variant="outlined" onClick={() => setSelected(allSelected ? new Set() : new Set(filtered.map((k) => k.id)))}>
              {allSelected ? 'Deselect All' : 'Select All'}
            </Button>
            <Button variant="contained" color="success" disabled={selected.size === 0 || approving} onClick={() => void approveSelected()}>
              Approve Selected ({selected.size})
            </Button>
            <Button onClick={leaveBulkMode}>Cancel</Button>
          </Stack>
        ) : (
          <Button variant="outlined" onClick={() => setBulkMode(true)}>
            Bulk Actions
          </Button>
        )}
      </Stack>

      {report && (
        <Alert
          severity={report.partial ? 'warning' : 'success'}
          onClose={() => setReport(null)}
          sx={{ mb: 2 }}
          data-testid="bulk-report"
          role="status"
        >
          {report.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="All kits">
          <TableHead>
            <TableRow>
              {bulkMode && <TableCell padding="checkbox" />}
              {COLUMNS.map((c) => (
                <TableCell key={c.key} sortDirection={sort.key === c.key ? sort.direction : false}>
                  <TableSortLabel active={sort.key === c.key} direction={sort.key === c.key ? sort.direction : 'asc'} onClick={() => sortBy(c.key)}>
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {current.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + (bulkMode ? 2 : 1)}>
                  {search ? 'No kits match your search.' : 'No kits registered yet.'}
                </TableCell>
              </TableRow>
            ) : (
              current.rows.map((kit) => (
                <TableRow key={kit.id} hover selected={selected.has(kit.id)} data-kit-id={kit.id}>
                  {bulkMode && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(kit.id)}
                        onChange={() => toggle(kit.id)}
                        slotProps={{ input: { 'aria-label': `Select ${kit.serialNumber}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>{kit.serialNumber}</TableCell>
                  <TableCell>{kit.locationName}</TableCell>
                  <TableCell>{kit.city}</TableCell>
                  <TableCell>{kit.postcode}</TableCell>
                  <TableCell>
                    <Chip size="small" label={kitStatusLabel(kit.status)} color={STATUS_COLOUR[kit.status]} />
                  </TableCell>
                  <TableCell>{locationTypeLabel(kit.locationType)}</TableCell>
                  <TableCell>{ambulanceServiceLabel(kit.ambulanceService)}</TableCell>
                  <TableCell>{kit.manuallyChecked ? 'Yes' : 'No'}</TableCell>
                  <TableCell>{ownerEmail(kit)}</TableCell>
                  <TableCell>
                    <Button size="small" startIcon={<Edit />} onClick={() => onEdit(kit)} aria-label={`Edit ${kit.serialNumber}`}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <OptionSelect
            size="small"
            label="Kits per page"
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value) as AdminPageSize);
              setPage(1);
            }}
            options={ADMIN_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          />
          <Typography variant="body2" role="status" aria-live="polite">
            Showing {current.from}-{current.to} of {current.total} kits
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} component="nav" aria-label="Kit pages" sx={{ alignItems: 'center' }}>
          <Button size="small" onClick={() => setPage(1)} disabled={current.page === 1}>
            First
          </Button>
          <Button size="small" onClick={() => setPage(current.page - 1)} disabled={current.page === 1}>
            Previous
          </Button>
          <Typography variant="body2" sx={{ px: 1 }}>
            Page {current.page} of {current.pageCount}
          </Typography>
          <Button size="small" onClick={() => setPage(current.page + 1)} disabled={current.page === current.pageCount}>
            Next
          </Button>
          <Button size="small" onClick={() => setPage(current.pageCount)} disabled={current.page === current.pageCount}>
            Last
          </Button>
        </Stack>
      </Stack>
    </QueryState>
  );
}
