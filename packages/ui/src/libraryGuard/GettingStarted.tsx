import { RocketOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from '@portal/i18n';
import { StatusResult } from '../StatusResult';
import { hasPermission, selectPermissionHolder } from '@portal/session';
import { Typography } from 'antd';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';

/** The first steps of an empty install, each a link to the screen that does it. */
const STEPS = [
  { key: 'addLibrary', path: '/stores' },
  { key: 'addDevices', path: '/devices' },
  { key: 'importCatalogue', path: '/catalogues' },
] as const;

/**
 * Shown where library content would be when the user reaches no library at all (nothing to pick in Change
 * Library): an admin gets what to do first, in order, with links; anyone else is told to ask an administrator.
 */
export function GettingStarted() {
  const { t } = useTranslation('common');
  const isAdmin = hasPermission(useSelector(selectPermissionHolder), 'admin');
  if (!isAdmin) {
    return <StatusResult icon={<ShopOutlined />} title={t('firstRun.noLibraryTitle')} subTitle={t('firstRun.askAdministrator')} />;
  }
  return (
    <StatusResult
      icon={<RocketOutlined />}
      title={t('firstRun.title')}
      subTitle={t('firstRun.hint')}

      extra={
        <ol style={{ display: 'inline-block', textAlign: 'start', margin: 0, paddingInlineStart: 20 }}>
          {STEPS.map(({ key, path }) => (
            <li key={key} style={{ marginBottom: 8 }}>
              <Link to={path}>{t(`firstRun.${key}`)}</Link>
              <Typography.Text type="secondary">{` — ${t(`firstRun.${key}Hint`)}`}</Typography.Text>
            </li>
          ))}
        </ol>
      }
    />
  );
}
