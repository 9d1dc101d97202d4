import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { streamUpload } from './tempFiles';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upload-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('leaves no part behind when the upload fails before the part file has opened', async () => {
  for (let i = 0; i < 20; i += 1) {
    // The body fails at its first read: the pipeline fails while the part's file may still be opening.
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(streamUpload(root, failing, 1024)).rejects.toThrow('client went away');
  }
  await sleep(100);
  expect(fs.readdirSync(root)).toEqual([]);
});

it('leaves no part behind when the upload passes its size', async () => {
  await expect(streamUpload(root, Readable.from([Buffer.alloc(2048, 1)]), 1024)).rejects.toThrow(/larger than 1024 bytes/);
  await sleep(100);
  expect(fs.readdirSync(root)).toEqual([]);
});

it('writes the whole body to the part and watches it', async () => {
  const { part, probe } = await streamUpload(root, Readable.from([Buffer.from('code;title\n'), Buffer.from('001;Uno\n')]), 1024);
  expect(fs.readFileSync(part, 'utf8')).toBe('code;title\n001;Uno\n');
  expect([probe.size, probe.utf8, probe.nul]).toEqual([19, true, false]);
});
