export default async function globalTeardown(): Promise<void> {
  await globalThis.portalE2eServer?.stop();
}
