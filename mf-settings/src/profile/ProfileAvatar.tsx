import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload, message as antdMessage } from 'antd';
import type { User } from '@portal/api';
import { AVATAR_MIME_TYPES } from '@portal/contract';
import { UserAvatar, useAvatarImage } from '@portal/ui';
import { useSettingsTranslation } from '../i18n';
import { useAvatarActions } from './useAvatarActions';

/** The avatar (image, else initials) with Upload and Remove; failures show the §8 messages. */
export function ProfileAvatar({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useSettingsTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const image = useAvatarImage(user.avatarUrl);
  const { busy, upload, remove } = useAvatarActions(user.tid, onChanged);

  const report = (outcome: Awaited<ReturnType<typeof upload>>) => {
    if (outcome === 'uploadFailed') void message.error(t('profile.uploadFailed'));
    if (outcome === 'removeFailed') void message.error(t('profile.removeFailed'));
  };

  return (
    <>
      {messageHolder}
      <Flex align="center" gap={16} wrap>
        <UserAvatar fullName={user.fullName} src={image} size={96} />
        <Upload
          accept={AVATAR_MIME_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file).then(report);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('profile.uploadAvatar')}
          </Button>
        </Upload>
        {user.avatarUrl && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={busy}
            onClick={() => {
              void remove().then(report);
            }}
          >
            {t('profile.removeAvatar')}
          </Button>
        )}
      </Flex>
    </>
  );
}
