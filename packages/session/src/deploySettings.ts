import { useEffect, useState } from 'react';
import { api, logger } from '@portal/api';
import { DEFAULT_DEPLOY_SETTINGS, DEPLOY_SETTINGS_URL, parseDeploySettings, type DeploySettings } from '@portal/contract';

let loading: Promise<DeploySettings> | null = null;

/** Reads the deploy-time settings once per page (the server's /portal-config.json); the defaults when it fails. */
export function loadDeploySettings(): Promise<DeploySettings> {
  loading ??= (api.get(DEPLOY_SETTINGS_URL) as Promise<unknown>).then(parseDeploySettings).catch((error: unknown) => {
    logger.error('deploy settings could not be read', error);
    loading = null; // asked again by the next screen that needs them
    return DEFAULT_DEPLOY_SETTINGS;
  });
  return loading;
}

/** Forgets the settings read (tests, each with its own server). */
export function forgetDeploySettings(): void {
  loading = null;
}

/** The deploy-time settings: the defaults until the server's answer arrives. */
export function useDeploySettings(): DeploySettings {
  const [settings, setSettings] = useState<DeploySettings>(DEFAULT_DEPLOY_SETTINGS);
  useEffect(() => {
    let active = true;
    void loadDeploySettings().then((read) => {
      if (active) setSettings(read);
    });
    return () => {
      active = false;
    };
  }, []);
  return settings;
}
