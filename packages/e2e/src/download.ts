import type { Download, Page, Response } from 'playwright-core';

/**
 * The file a user action downloads. The portal fetches exports as a blob before saving them, so the download
 * event comes only once the whole file has arrived: a large export under load takes far longer than
 * Playwright's 30 s default, hence `timeoutMs`. When no file comes, the failure says why: the error toast the
 * user saw and the API calls that failed meanwhile (a bare "Timeout waiting for download" told nothing).
 */
export async function downloadOf(page: Page, action: () => Promise<void>, timeoutMs = 180_000): Promise<Download> {
  const failed: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() >= 400 && response.url().includes('/api/'))
      failed.push(`${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`);
  };
  page.on('response', onResponse);
  const download = page.waitForEvent('download', { timeout: timeoutMs });
  // A new error toast ends the wait at once: no file will come (toasts shown before the action do not count).
  const toasts = page.locator('.ant-message-error');
  const toast = toasts.nth(await toasts.count());
  const refused = toast.waitFor({ timeout: timeoutMs }).then(
    async () => (await toast.textContent()) ?? '',
    () => null,
  );
  try {
    await action();
    const first = await Promise.race([download.then((file) => ({ file })), refused.then((text) => ({ text }))]);
    if ('file' in first) return first.file;
    if (first.text === null) return await download;
    throw new Error(`no download: the portal said "${first.text}"${failed.length ? `; failed calls: ${failed.join(', ')}` : ''}`);
  } catch (error) {
    if (failed.length && error instanceof Error && !error.message.includes('failed calls')) error.message += `; failed calls: ${failed.join(', ')}`;
    throw error;
  } finally {
    page.off('response', onResponse);
    download.catch(() => undefined);
  }
}
