import type { AxiosRequestConfig } from 'axios';
import { api } from './client';

/** Saves a Blob under a file name through an object URL and a clicked anchor. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoke after the click has been handled so the browser can still read the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface DownloadOptions {
  method?: 'POST' | 'GET';
  params?: Record<string, unknown>;
}

/** Requests a file as a blob (POST by default) and saves it as fileName. Errors reject normalisable. */
export async function downloadFile(url: string, body: unknown, fileName: string, options: DownloadOptions = {}): Promise<void> {
  const request: AxiosRequestConfig = {
    url,
    method: options.method ?? 'POST',
    data: body,
    params: options.params,
    responseType: 'blob',
  };
  const blob = await api.request<Blob>(request);
  saveBlob(blob, fileName);
}
