import { useCallback, useEffect, useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Spin } from 'antd';
import { getUser, logger, type User } from '@portal/api';
import { selectSession, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { UserForm } from '../users/UserForm';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileLanguage } from './ProfileLanguage';
import { PublicLink } from './PublicLink';

/** /profile: the signed-in user's information (editable), avatar, language and capacities link. */
export function ProfilePage({ title }: PageProps) {
  const { t } = useSettingsTranslation();
  const { userId } = useAppSelector(selectSession);
  const [user, setUser] = useState<User | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    if (userId === null) return;
    getUser(userId)
      .then(setUser)
      .catch((error: unknown) => logger.error('Profile not loaded', error));
  }, [userId]);
  useEffect(load, [load]);

  if (!user)
    return (
      <PageFrame title={title}>
        <Spin />
      </PageFrame>
    );
  const info = [
    ['userName', user.userName],
    ['fullName', user.fullName],
    ['email', user.email ?? ''],
    ['address', user.address],
    ['telephone', user.telephone],
    ['role', t(`roles.${user.role}`)],
    ['permissions', user.permissions.map((p) => t(`permissions.${p}`)).join(', ')],
  ].map(([key, value]) => ({
    key,
    label: t(`users.${key}`),
    // A phone number reads left to right in every language.
    children: key === 'telephone' ? <bdi dir="ltr">{value}</bdi> : value,
  }));

  return (
    <PageFrame
      title={title}
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t('profile.edit')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Card title={t('profile.avatar')} size="small">
          <ProfileAvatar user={user} onChanged={load} />
        </Card>
        <Card title={t('profile.info')} size="small">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={info} data-testid="profile-info" />
        </Card>
        <Card title={t('profile.language')} size="small">
          <ProfileLanguage />
        </Card>
        <Card title={t('profile.capacitiesLink')} size="small">
          <PublicLink userId={user.tid} token={user.token} onRotated={(token) => setUser({ ...user, token })} />
        </Card>
      </Flex>
      <UserForm
        open={editing}
        user={user}
        onClose={(saved) => {
          setEditing(false);
          if (saved) setUser(saved);
        }}
      />
    </PageFrame>
  );
}
