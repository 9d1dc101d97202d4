import { DownOutlined, InfoCircleOutlined, ShopOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectSelectedStore } from '@portal/session';
import { useOpenChangeLibrary } from './changeLibrary/ChangeLibraryContext';

/** Header dropdown of the items sections: the selected library's name, with Information and Change Library. */
export function LibraryDropdown() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const store = useSelector(selectSelectedStore);
  const openChangeLibrary = useOpenChangeLibrary();

  const items: MenuProps['items'] = [
    { key: 'information', icon: <InfoCircleOutlined />, label: t('library.information'), onClick: () => navigate('/store'), disabled: !store },
    { key: 'change', icon: <SwapOutlined />, label: t('library.change'), onClick: openChangeLibrary },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button type="text" icon={<ShopOutlined />} style={{ color: 'inherit' }}>
        {store?.name ?? t('common:noLibrarySelected')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
