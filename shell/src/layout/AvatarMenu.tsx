import { InfoCircleOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, Space, Typography, type MenuProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { selectSession } from '@portal/session';
import { UserAvatar, useAvatarImage } from '@portal/ui';
import { prefetchLogoutConfirm, useLogout } from './useLogout';

/** The full name on one line, shortened with an ellipsis past its width (it wrapped over the header's edge). */
const NAME_STYLE = {
  color: 'inherit',
  position: 'relative',
  display: 'inline-block',
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: 'min(220px, 18vw)',
} as const;

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The header's user menu: full name, avatar (initials when the image is missing) and Profile, About, Logout.
 * `nameHidden` (a phone-wide screen): the name is left to screen readers, the avatar shows.
 */
export function AvatarMenu({ nameHidden = false }: { nameHidden?: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { userFullName, avatarUrl } = useSelector(selectSession);
  const image = useAvatarImage(avatarUrl);
  const { confirmLogout, holder } = useLogout();
  // The logout confirmation gives the focus back to this button when cancelled (the menu entry is gone by then).
  const button = useRef<HTMLButtonElement>(null);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('avatarMenu.profile'), onClick: () => navigate('/profile') },
    { key: 'about', icon: <InfoCircleOutlined />, label: t('avatarMenu.about'), onClick: () => navigate('/about') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('avatarMenu.logout'),
      onClick: () => {
        button.current?.focus();
        setTimeout(confirmLogout, 0);
      },
    },
  ];

  return (
    <>
      {holder}
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        {/* Named by its content (WCAG 2.5.3): the visible full name, then what the button opens, for screen readers only.
            Pointed at or focused, it fetches the logout confirmation's chunk, so the dialog opens at once. */}
        <button
          ref={button}
          type="button"
          onPointerEnter={prefetchLogoutConfirm}
          onFocus={prefetchLogoutConfirm}
          style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0, color: 'inherit' }}
        >
          <Space>
            <span aria-hidden>
              <UserAvatar fullName={userFullName} src={image} />
            </span>
            <Typography.Text style={nameHidden ? VISUALLY_HIDDEN : NAME_STYLE}>
              {userFullName}
              <span style={VISUALLY_HIDDEN}>{` · ${t('avatarMenu.label')}`}</span>
            </Typography.Text>
          </Space>
        </button>
      </Dropdown>
    </>
  );
}
