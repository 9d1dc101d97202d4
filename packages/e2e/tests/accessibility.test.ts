/**
 * Accessibility: axe-core (@axe-core/playwright, WCAG 2.1 A/AA) on every route of every remote —
 * read from the portal's registry.json, so a new screen in a remote's manifest is checked without editing this
 * file — and on every shared dialog (modal form, import, export, format, sync, Add Items To, Select Fields,
 * Change Library, dashboard section editor, logout confirmation), signed in as admin (who sees every route), in
 * Spanish on a desktop screen and in Arabic (right to left) on a phone's. Fails on any serious or critical
 * violation, listing rule and element. Each dialog must take the focus when it opens and give it back to what opened
 * it when it closes. Every route must fit the screen's width (reflow): only a table may scroll sideways, in itself.
 */
import type { Locator, Page } from 'playwright-core';
import { AxeReport } from '../src/axe';
import { apiSignIn, portalRoutes, routeParams, type PortalRoute } from '../src/portalRoutes';
import { uiText } from '../src/uiText';
import { login, navigateInApp, openBrowser, pickMenuEntry, portalUrl } from '../src';

/** Spanish on a desktop screen, Arabic on a phone's (360 px: the page must reflow, only tables scroll sideways). */
const RUNS = [
  ['es', 1366],
  ['ar', 360],
] as const;

interface Portal {
  routes: PortalRoute[];
  catalogueUrl: string;
}
let portal: Promise<Portal> | undefined;
/** The routes with real ids, read once for both languages (the concurrent tests do not wait for beforeAll). */
function portalRoutesOnce(): Promise<Portal> {
  portal ??= (async () => {
    const params = await routeParams(await apiSignIn('admin'));
    return { routes: await portalRoutes(params), catalogueUrl: `/catalogues/${params.catalogueId}` };
  })();
  return portal;
}

/**
 * Waits until the content area shows a page (a remote's or the shell's own) and nothing in it is still loading
 * (a spinner, a skeleton, or a page frame whose code is still arriving, marked aria-busy).
 * Bounded at 90 s: in a fresh-clone run at load 18 one list's total was still loading after 30 s (passed on retry).
 */
async function settled(page: Page, place: string): Promise<void> {
  await page
    .locator('#portal-content .portal-page, .ant-layout-content > .ant-card')
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 })
    .catch(() => {
      throw new Error(`${place}: no page showed within 30 s`);
    });
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-layout-content .ant-spin-spinning, .ant-layout-content .ant-skeleton-active, .ant-layout-content [aria-busy="true"]'),
      undefined,
      {
        timeout: 90_000,
      },
    )
    .catch(() => {
      throw new Error(`${place}: still loading after 90 s`);
    });
}

const CONTENT = '.ant-layout-content';
/** The dialogs shown (a closed force-rendered form's wrap is hidden). */
const shownModals = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal');

/**
 * Opens a dialog with open(), checks that the focus went into it, runs axe, runs `inside` (e.g. a dialog opened
 * over this one, which must close alone), closes it with Escape and checks that the focus is back on `returnTo`.
 */
async function checkDialog(
  page: Page,
  report: AxeReport,
  place: string,
  open: () => Promise<void>,
  returnTo: Locator,
  problems: string[],
  inside?: () => Promise<void>,
): Promise<void> {
  const beneath = await shownModals(page).count();
  await open();
  // The dialog opened over those already shown (Format shows over Export Items once its saved format is read).
  const dialog = shownModals(page).nth(beneath);
  await dialog.waitFor({ state: 'visible' });
  // This dialog itself (the locator would move on to a dialog beneath it, e.g. Export Items under Format).
  const opened = (await dialog.elementHandle())!;
  await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap .ant-spin-spinning'), undefined, { timeout: 15_000 });
  // antd moves the focus in once its opening motion ends: into this dialog, not one beneath it (Format opens over
  // Export Items, whose button keeps the focus until then; an Escape pressed before closes Export Items instead).
  await page
    .waitForFunction((el) => el.contains(document.activeElement), opened, { timeout: 5_000 })
    .catch(() => problems.push(`${place}: the focus did not move into the dialog`));
  await report.check(page, place, '.ant-modal-wrap');
  if (inside) {
    await inside();
    if (!(await opened.isVisible())) problems.push(`${place}: closing the dialog opened over it closed this one too`);
  }
  await page.keyboard.press('Escape');
  await opened.waitForElementState('hidden', { timeout: 30_000 });
  await page
    .waitForFunction((el) => el?.contains(document.activeElement) ?? false, await returnTo.elementHandle(), { timeout: 5_000 })
    .catch(async () =>
      problems.push(
        `${place}: the focus did not return to the opener on close (it is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))})`,
      ),
    );
}

describe('accessibility', () => {
  // Both languages at once, each in its own browser (the end-to-end phase has the machine's two cores to itself).
  it.concurrent.each(RUNS)(
    'every route and shared dialog in %s at %i px wide has no serious or critical axe violation, and fits the screen',
    async (lng, width) => {
      const started = Date.now();
      const { routes, catalogueUrl } = await portalRoutesOnce();
      const t = uiText(lng);
      const report = new AxeReport();
      const problems: string[] = [];
      const browser = await openBrowser(lng);
      const { page } = browser;
      try {
        await page.goto(portalUrl('/auth/login'));
        await page.locator('#login_userName').waitFor();
        await report.check(page, `${lng} /auth/login`);
        await login(page, 'admin');
        await page.setViewportSize({ width, height: 900 });
        if (lng === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

        // The header and sidebar once, then only the content area of each route (they do not change).
        await settled(page, '/dashboard');
        await report.check(page, `${lng} /dashboard (whole page)`);
        const landing = new URL(page.url()).pathname;
        for (const route of routes.filter((r) => !r.public && r.url !== landing)) {
          await navigateInApp(page, route.url);
          await settled(page, route.url);
          await report.check(page, `${lng} ${route.pattern}`, CONTENT);
          const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (wider > 0) problems.push(`${lng} ${route.pattern}: the page is ${wider} px wider than a ${width} px screen`);
        }

        // Dialogs of the dashboard and the header.
        await navigateInApp(page, '/dashboard');
        await settled(page, '/dashboard');
        const pencil = page.locator('#portal-content button:has(.anticon-edit)').first();
        await checkDialog(page, report, `${lng} dialog Edit section`, () => pencil.click(), pencil, problems);
        const avatar = page.locator('header button:has(.portal-avatar)');
        await checkDialog(
          page,
          report,
          `${lng} dialog logout confirmation`,
          () => pickMenuEntry(page, avatar, t('shell', 'avatarMenu.logout')),
          avatar,
          problems,
        );

        // The shared list dialogs, on a catalogue with a sync URL.
        await navigateInApp(page, catalogueUrl);
        await settled(page, catalogueUrl);
        const content = page.locator('#portal-content');
        const add = content.locator('button:has(.anticon-plus)').first();
        await checkDialog(page, report, `${lng} dialog modal form`, () => add.click(), add, problems);
        const importButton = content.locator('button:has(.anticon-upload)').first();
        await checkDialog(page, report, `${lng} dialog import`, () => importButton.click(), importButton, problems);
        const more = content.getByRole('button', { name: t('lists', 'moreActions') });
        const fromMenu = (entry: string) => () => pickMenuEntry(page, more, t('lists', `menu.${entry}`));
        await checkDialog(page, report, `${lng} dialog Add Items To`, fromMenu('addAllItemsTo'), more, problems);
        await checkDialog(page, report, `${lng} dialog sync`, fromMenu('syncItems'), more, problems);
        await checkDialog(page, report, `${lng} dialog Select Fields`, fromMenu('selectFields'), more, problems);
        // Export Items, and the Format dialog over it: Escape closes Format alone (focus back on its button), then Export.
        const adminFormat = shownModals(page).getByRole('button', { name: t('lists', 'export.adminFormat') });
        await checkDialog(page, report, `${lng} dialog export`, fromMenu('exportItems'), more, problems, () =>
          checkDialog(page, report, `${lng} dialog format`, () => adminFormat.click(), adminFormat, problems),
        );

        const library = page.locator('header button:has(.anticon-shop)');
        await checkDialog(page, report, `${lng} dialog Change Library`, () => pickMenuEntry(page, library, t('shell', 'library.change')), library, problems);

        // The public displays (mf-public, no sign-in).
        for (const route of routes.filter((r) => r.public)) {
          await page.goto(portalUrl(route.url));
          await page.locator('#root > *').first().waitFor();
          await page.waitForFunction(() => document.querySelectorAll('#root *').length > 5, undefined, { timeout: 15_000 });
          await report.check(page, `${lng} ${route.pattern}`);
        }
      } finally {
        if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
        await browser.close();
      }
      console.log(`axe ${lng}: ${report.checked.length} places in ${Math.round((Date.now() - started) / 1000)} s\n${report.checked.join('\n')}`);
      expect({ violations: report.lines, problems }).toEqual({ violations: [], problems: [] });
    },
    600_000,
  );
});
