/**
 * A first run that leads somewhere: an empty install (no demo data, ADMIN_PASSWORD set) on its own server. The
 * admin is told what to do first, adds a library, selects it, adds a sensor and a device key on the library's
 * Devices screen, and the intake call shown with the key (sent here as a device would) puts a reading on the
 * dashboard; revoking the key refuses the next call.
 */
import type { Locator, Page } from 'playwright-core';
import { openModal, confirmDialog, until } from '../src/listPage';
import { startServer, useBrowser, waitForContentTitle, type RunningServer } from '../src';

const ADMIN_PASSWORD = 'first-run-admin-7';
const LIBRARY = 'Biblioteca Primera';

// A fresh empty install for each attempt (a retry must not find the first attempt's library).
let server: RunningServer | undefined;
beforeEach(async () => {
  server = await startServer({ demo: false, env: { ADMIN_PASSWORD } });
}, 600_000);
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const browser = useBrowser();
const content = (page: Page): Locator => page.locator('#portal-content');
const navigate = (page: Page, path: string) =>
  page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
const widgetValue = (page: Page, title: string) =>
  content(page)
    .locator(`[role="group"][aria-label="${title}"] .ant-statistic-content-value`)
    .innerText()
    .then((text) => text.trim());

/** The intake call of the key dialog's example, as a device would send it: URL, key header and body. */
function parseExample(example: string): { url: string; key: string; body: string } {
  const url = /curl -X POST '([^']+)'/.exec(example)?.[1];
  const key = /-H 'x-device-key: ([^']+)'/.exec(example)?.[1];
  const body = /-d '([^']+)'/.exec(example)?.[1];
  if (!url || !key || !body) throw new Error(`not an intake call: ${example}`);
  return { url, key, body };
}

async function send(call: { url: string; key: string; body: string }): Promise<{ status: number; body: unknown }> {
  const res = await fetch(call.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': call.key, connection: 'close' },
    body: call.body,
  });
  return { status: res.status, body: await res.json() };
}

describe('first run', () => {
  it('an empty install leads the admin from nothing to a reading on the dashboard through the Devices screen', async () => {
    const { page } = browser;
    await page.goto(`${server!.url}/auth/login`);
    await page.locator('#login_userName').fill('admin');
    await page.locator('#login_password').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/dashboard$/);

    // Nothing to select: what to do first, each step a link; Counters says the same.
    await content(page).getByText('Welcome: start by adding a library').waitFor();
    await navigate(page, '/counters');
    await content(page).getByText('Welcome: start by adding a library').waitFor();
    await content(page).getByRole('link', { name: 'Add a library' }).click();
    await waitForContentTitle(page, 'Libraries');

    await content(page)
      .getByRole('button', { name: /^(plus )?Add$/ })
      .click();
    const form = await openModal(page, 'New library');
    const fields: Array<[string, string]> = [
      ['code', 'BIB-1'],
      ['country', 'España'],
      ['area', 'Aragón'],
      ['province', 'Huesca'],
      ['city', 'Jaca'],
      ['name', LIBRARY],
      ['address', 'Calle Mayor 1'],
      ['manager', 'Pilar'],
      ['managertel', '974000000'],
    ];
    for (const [id, value] of fields) await form.locator(`#${id}`).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await content(page).locator('.ant-table-row').filter({ hasText: LIBRARY }).waitFor();

    // Now there is a library to select, from the dashboard's No Library Selected.
    await navigate(page, '/dashboard');
    await content(page).getByRole('button', { name: 'Select Library' }).click();
    const change = await openModal(page, 'Change Library');
    await change.getByText(LIBRARY).click();
    await change.getByRole('button', { name: 'OK' }).click();
    await change.waitFor({ state: 'hidden' });
    await content(page).locator('[role="group"][aria-label="Total In Today"]').waitFor();

    // The library form links to its Devices screen.
    await navigate(page, '/stores');
    await waitForContentTitle(page, 'Libraries');
    await content(page).locator('.ant-table-row').filter({ hasText: LIBRARY }).getByRole('button', { name: 'Edit' }).click();
    const edit = await openModal(page, 'Edit library');
    await edit.getByRole('link', { name: /Sensors and device keys/ }).click();
    await waitForContentTitle(page, `Devices · ${LIBRARY}`);
    expect(new URL(page.url()).pathname).toMatch(/^\/stores\/\d+\/devices$/);

    await content(page)
      .getByRole('button', { name: /Add sensor/ })
      .click();
    const sensorForm = await openModal(page, 'New sensor');
    await sensorForm.locator('#name').fill('Door A');
    await sensorForm.getByRole('button', { name: 'Save' }).click();
    await sensorForm.waitFor({ state: 'hidden' });
    const sensorRow = content(page).getByTestId('sensors-table').locator('tr').filter({ hasText: 'Door A' });
    await sensorRow.waitFor();
    const sensorId = Number((await sensorRow.locator('td').first().innerText()).trim());
    expect(sensorId).toBeGreaterThan(0);

    // The key's name typed and sent with Enter; the key is shown once, with the call to paste into the device.
    await content(page)
      .getByRole('button', { name: /Create key/ })
      .click();
    const keyForm = await openModal(page, 'New device key');
    await keyForm.locator('#name').fill('Gate A');
    await keyForm.locator('#name').press('Enter');
    const shown = await openModal(page, 'Key Gate A created');
    const key = (await shown.getByTestId('device-key').innerText()).trim();
    const call = parseExample(await shown.getByTestId('intake-example').innerText());
    expect(call.key).toBe(key);
    expect(call.url).toBe(`${new URL(page.url()).origin}/api/devices/records`);
    expect(JSON.parse(call.body)).toMatchObject({ records: [{ sensorId, countIn: 1, countOut: 0 }] });

    expect(await send(call)).toEqual({ status: 200, body: { accepted: 1, duplicates: 0, rejected: [] } });
    await shown.getByRole('button', { name: 'I have copied the key' }).click();
    await shown.waitFor({ state: 'hidden' });
    expect(await page.locator('body').innerText()).not.toContain(key);

    // The reading on the dashboard, and the key's count of today on the Devices screen (the Settings entry).
    await navigate(page, '/dashboard');
    await waitForContentTitle(page, 'Dashboard');
    await until(() => widgetValue(page, 'Total In Today').catch(() => ''), '1', 60_000);
    await until(() => widgetValue(page, 'Total Inside Current').catch(() => ''), '1', 60_000);
    await navigate(page, '/devices');
    await waitForContentTitle(page, `Devices · ${LIBRARY}`);
    const keyRow = content(page).getByTestId('device-keys-table').locator('tr').filter({ hasText: 'Gate A' });
    await until(
      () =>
        keyRow
          .locator('td')
          .nth(3)
          .innerText()
          .catch(() => ''),
      '1',
    );

    // Revoked: the same call is refused at once.
    await keyRow.getByRole('button', { name: 'Revoke key Gate A' }).click();
    const ask = await confirmDialog(page, 'Revoke key Gate A?');
    await ask.getByRole('button', { name: 'Revoke' }).click();
    await keyRow.getByText(/^Revoked /).waitFor();
    expect(await send(call)).toMatchObject({ status: 401, body: { code: 'DEVICE_KEY_INVALID' } });
  });
});
