import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { getFormat, logger, putFormat, type ExportFormat, type FileType } from '@portal/api';
import { DEFAULT_FORMAT } from '../format-dialog/formatOptions';

export interface ExportFormatState {
  format: ExportFormat;
  /** Changes shown and used for this export only (separator, a format saved by the Format dialog). */
  setFormat: Dispatch<SetStateAction<ExportFormat>>;
  /** The file type is saved at once, but never before the saved format has been read (no write before the read). */
  changeFileType: (fileType: FileType) => void;
  /** The saved format is being read: an export now would use the defaults instead of the user's format. */
  reading: boolean;
}

/**
 * The Export dialog's format: read from the server each time the dialog opens. A file type chosen before that answer
 * is kept (the late answer does not reset it) and saved together with the rest of the read format once it arrives;
 * when the read fails nothing is saved, so the user's stored format is never overwritten by the defaults.
 */
export function useExportFormat(open: boolean): ExportFormatState {
  const [format, setFormat] = useState<ExportFormat>(DEFAULT_FORMAT);
  /** 'reading' until the answer; then the read format is known ('read') or not ('failed': changes stay local). */
  const phase = useRef<'reading' | 'read' | 'failed'>('reading');
  /** The file type the user chose while the read was under way. */
  const chosenEarly = useRef<FileType | null>(null);
  const [reading, setReading] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    phase.current = 'reading';
    chosenEarly.current = null;
    setFormat(DEFAULT_FORMAT);
    setReading(true);
    getFormat()
      .then((saved) => {
        if (!current) return;
        phase.current = 'read';
        const read = { ...DEFAULT_FORMAT, ...saved };
        const fileType = chosenEarly.current;
        if (fileType === null || fileType === read.fileType) {
          setFormat(read);
          return;
        }
        const next = { ...read, fileType };
        setFormat(next);
        putFormat(next).catch((error: unknown) => logger.error('Export format could not be saved', error));
      })
      .catch((error: unknown) => {
        if (current) phase.current = 'failed';
        logger.error('Export format could not be read', error);
      })
      .finally(() => {
        if (current) setReading(false);
      });
    return () => {
      current = false;
    };
  }, [open]);

  const changeFileType = useCallback((fileType: FileType) => {
    setFormat((f) => {
      const next = { ...f, fileType };
      if (phase.current === 'read') putFormat(next).catch((error: unknown) => logger.error('Export format could not be saved', error));
      return next;
    });
    if (phase.current === 'reading') chosenEarly.current = fileType;
  }, []);

  return { format, setFormat, changeFileType, reading };
}
