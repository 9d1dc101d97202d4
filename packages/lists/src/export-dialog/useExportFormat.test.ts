import { act, renderHook, waitFor } from '@testing-library/react';
import { getFormat, putFormat, type ExportFormat } from '@portal/api';
import { DEFAULT_FORMAT } from '../format-dialog/formatOptions';
import { useExportFormat } from './useExportFormat';

jest.mock('@portal/api', () => ({ ...jest.requireActual('@portal/api'), getFormat: jest.fn(), putFormat: jest.fn() }));

const SAVED: ExportFormat = {
  fileType: 'txt',
  firstRowHeader: false,
  dateFormat: 'DD/MM/YYYY',
  codePrefix: 'P-',
  codeSuffix: '',
  separator: 'semicolon',
  otherSeparator: '',
};

/** getFormat answers only when the test releases it. */
function heldRead() {
  let answer: (format: ExportFormat) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  jest.mocked(getFormat).mockReturnValue(
    new Promise<ExportFormat>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    }),
  );
  return { answer: (f: ExportFormat) => act(async () => answer(f)), fail: (e: unknown) => act(async () => fail(e)) };
}

beforeEach(() => {
  jest.mocked(putFormat).mockImplementation(async (f) => f as ExportFormat);
});
afterEach(() => jest.resetAllMocks());

describe('useExportFormat', () => {
  it('a file type chosen before the saved format arrives is not saved over it, and the late answer keeps the choice', async () => {
    const read = heldRead();
    const { result } = renderHook(() => useExportFormat(true));
    act(() => result.current.changeFileType('xlsx'));
    expect(putFormat).not.toHaveBeenCalled();
    expect(result.current.format.fileType).toBe('xlsx');
    await read.answer(SAVED);
    expect(result.current.format).toEqual({ ...SAVED, fileType: 'xlsx' });
    expect(putFormat).toHaveBeenCalledTimes(1);
    expect(putFormat).toHaveBeenCalledWith({ ...SAVED, fileType: 'xlsx' });
  });

  it('is reading until the saved format is answered or refused (Export waits for it)', async () => {
    expectConsoleError('Export format could not be read');
    const read = heldRead();
    const { result } = renderHook(() => useExportFormat(true));
    expect(result.current.reading).toBe(true);
    await read.answer(SAVED);
    expect(result.current.reading).toBe(false);
    const refused = heldRead();
    const again = renderHook(() => useExportFormat(true));
    expect(again.result.current.reading).toBe(true);
    await refused.fail(new Error('offline'));
    expect(again.result.current.reading).toBe(false);
  });

  it('saves nothing when the early choice equals the saved type; saves each later change with the read format', async () => {
    const read = heldRead();
    const { result } = renderHook(() => useExportFormat(true));
    act(() => result.current.changeFileType('txt'));
    await read.answer(SAVED);
    expect(putFormat).not.toHaveBeenCalled();
    act(() => result.current.changeFileType('csv'));
    expect(putFormat).toHaveBeenCalledWith({ ...SAVED, fileType: 'csv' });
  });

  it('never saves when the read failed: the choice applies to this export only', async () => {
    expectConsoleError('Export format could not be read');
    const read = heldRead();
    const { result } = renderHook(() => useExportFormat(true));
    act(() => result.current.changeFileType('xlsx'));
    await read.fail(new Error('offline'));
    act(() => result.current.changeFileType('txt'));
    expect(putFormat).not.toHaveBeenCalled();
    expect(result.current.format).toEqual({ ...DEFAULT_FORMAT, fileType: 'txt' });
  });

  it('reads again on each opening, forgetting an earlier early choice', async () => {
    jest.mocked(getFormat).mockResolvedValue(SAVED);
    const hook = renderHook(({ open }) => useExportFormat(open), { initialProps: { open: true } });
    await waitFor(() => expect(hook.result.current.format).toEqual(SAVED));
    hook.rerender({ open: false });
    hook.rerender({ open: true });
    await waitFor(() => expect(getFormat).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(hook.result.current.format).toEqual(SAVED));
    expect(putFormat).not.toHaveBeenCalled();
  });
});
