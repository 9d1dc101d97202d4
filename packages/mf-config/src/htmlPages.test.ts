/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { compile } from './testing/compile';
import { htmlPages } from './createWebpackConfig';

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'html-pages-')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real build of two pages (the app's index.html and an extra page) through the apps' html plugins. */
async function build(publicPath: string): Promise<string> {
  const out = path.join(dir, 'dist', String(Math.random()).slice(2));
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src/index.js'), "console.log('main');");
  writeFileSync(path.join(dir, 'src/public.js'), "console.log('public');");
  const compiler = webpack({
    mode: 'development',
    devtool: false,
    context: dir,
    entry: { main: './src/index.js', pub: './src/public.js' },
    output: { path: out, publicPath: 'auto' },
    plugins: htmlPages({ name: 'app', title: 'App', pages: [{ name: 'pub', entry: './src/public.js', filename: 'public.html' }] }, publicPath),
  });
  expect(await compile(compiler)).toEqual([]);
  return out;
}

describe('html pages', () => {
  it('link the portal icon, emitted beside them, so the browser asks no /favicon.ico', async () => {
    const out = await build('/');
    for (const page of ['index.html', 'public.html']) {
      expect(readFileSync(path.join(out, page), 'utf8')).toMatch(/<link rel="icon" href="\/favicon\.svg">/);
    }
    expect(readFileSync(path.join(out, 'favicon.svg'), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('describe the portal (meta description)', async () => {
    const out = await build('/');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toMatch(/<meta name="description" content="Portal de las bibliotecas: [^"]+" \/>/);
  });

  it("link a remote release's own copy under its path", async () => {
    const out = await build('/remotes/mf-public/0.1.0/');
    expect(readFileSync(path.join(out, 'public.html'), 'utf8')).toContain('<link rel="icon" href="/remotes/mf-public/0.1.0/favicon.svg">');
  });
});
