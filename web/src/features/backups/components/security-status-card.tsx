import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Shield from '@mui/icons-material/Shield';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BackupSecurityStats } from '@bleedkits/contracts';
import { formatBytes, formatDateTime } from '../lib/format';

type Props = { stats: BackupSecurityStats | undefined; isLoading: boolean };

/** Encryption, cloud copy and scheduler state, and the backup counts. Unknown values show '—' (spec: failed queries give empty data). */
export function SecurityStatusCard({ stats, isLoading }: Props) {
  const status = stats?.securityStatus;
  const figures = stats?.backupStats;
  const unknown = isLoading ? '…' : '—';
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby="security-status-heading">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Shield color="primary" />
          <Typography id="security-status-heading" variant="h6" component="h2">
            Security Status
          </Typography>
        </Stack>
        <Stack spacing={1.25} sx={{ mb: 2 }}>
          <StatusLine label="Backup encryption" value={status?.backupEncryptionEnabled} on="Enabled (AES-256-GCM)" off="Disabled" unknown={unknown} />
          <StatusLine
            label="Cloud copy (Dropbox)"
            value={status?.remoteBackupEnabled}
            on="Connected"
            off="Not configured: backups stay on the server"
            unknown={unknown}
          />
          <StatusLine label="Backup scheduler" value={status?.backupSchedulerActive} on="Active" off="Inactive" unknown={unknown} />
        </Stack>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          <Figure label="Total backups" value={figures ? String(figures.totalBackups) : unknown} />
          <Figure label="Failed backups" value={figures ? String(figures.failedBackups) : unknown} />
          <Figure label="Latest backup" value={figures ? formatDateTime(figures.latestBackupAt) : unknown} />
          <Figure label="Latest size" value={figures ? formatBytes(figures.latestBackupSize) : unknown} />
        </Grid>
      </CardContent>
    </Card>
  );
}

function StatusLine({ label, value, on, off, unknown }: { label: string; value: boolean | undefined; on: string; off: string; unknown: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="body2" sx={{ minWidth: 160 }}>
        {label}
      </Typography>
      {value === undefined ? (
        <Typography variant="body2">{unknown}</Typography>
      ) : (
        <Chip
          size="small"
          color={value ? 'success' : 'warning'}
          variant="outlined"
          icon={value ? <CheckCircle /> : <ErrorOutline />}
          label={value ? on : off}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 6 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Grid>
  );
}
