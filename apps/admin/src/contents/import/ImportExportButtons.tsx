import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { Button, useBasename, useCanAccess, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { downloadFile } from '../../http/download-file';

/** The Import screen's address, for a container or to choose one there. */
export const importHref = (basename: string, containerId?: number) => `${basename}/contents/import${containerId ? `?container=${containerId}` : ''}`;

/** "Import" beside the contents list's Create, for those who may create contents. */
export function ImportButton({ containerId }: { containerId?: number }) {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'contents', action: 'import' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={importHref(basename, containerId)} label="cms.import.button" data-testid="contents-import">
      <UploadFile />
    </Button>
  );
}

/** "Export CSV" and "Export JSON" of a container's contents (every locale), downloaded with the session's token. */
export function ExportButtons({ containerId }: { containerId: number }) {
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'contents', action: 'export' });
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  if (!canAccess) return null;
  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    try {
      await downloadFile(
        `contents/export?containerId=${containerId}&format=${format}`,
        format === 'csv' ? 'text/csv' : 'application/json',
        `contents-${containerId}.${format}`,
      );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          label={format === 'csv' ? 'cms.import.export_csv' : 'cms.import.export_json'}
          onClick={() => void download(format)}
          disabled={busy !== null}
          data-testid={`contents-export-${format}`}
        >
          <Download />
        </Button>
      ))}
    </>
  );
}
