import { DownOutlined, InfoCircleOutlined, ShopOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { changeLibraryRequested, selectSelectedStore } from '@portal/session';

/** Header dropdown of the items sections: the selected library's name, with Information and Change Library. */
export function LibraryDropdown() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const store = useSelector(selectSelectedStore);
  const dispatch = useDispatch();
  // Change Library's dialog gives the focus back to this button when it closes (the menu entry is gone by then).
  const button = useRef<HTMLButtonElement>(null);

  const items: MenuProps['items'] = [
    { key: 'information', icon: <InfoCircleOutlined />, label: t('library.information'), onClick: () => navigate('/store'), disabled: !store },
    {
      key: 'change',
      icon: <SwapOutlined />,
      label: t('library.change'),
      onClick: () => {
        button.current?.focus();
        // After this key's events: opened at once, the Enter that picked the entry would press the dialog's Close.
        setTimeout(() => dispatch(changeLibraryRequested()), 0);
      },
    },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button ref={button} type="text" icon={<ShopOutlined />} style={{ color: 'inherit', minWidth: 0, maxWidth: '100%' }}>
        {/* Shortened with an ellipsis when the header is narrow (AppHeader); its whole text still names the button. */}
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{store?.name ?? t('common:noLibrarySelected')}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
