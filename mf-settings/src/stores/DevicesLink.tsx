import { Link } from 'react-router-dom';
import { ApiOutlined } from '@ant-design/icons';
import { useSettingsTranslation } from '../i18n';

/** The library's Devices screen (its sensors and device keys), from the library form. */
export function DevicesLink({ storeId }: { storeId: number }) {
  const { t } = useSettingsTranslation();
  return (
    <Link to={`/stores/${storeId}/devices`} data-testid="devices-link">
      <ApiOutlined /> {t('stores.manageDevices')}
    </Link>
  );
}
