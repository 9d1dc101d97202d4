import { useState } from 'react';
import { deleteAvatar, logger, uploadAvatar } from '@portal/api';
import { avatarChanged, useAppDispatch } from '@portal/session';

export type AvatarOutcome = 'uploaded' | 'removed' | 'uploadFailed' | 'removeFailed';

/**
 * Avatar upload and removal (data-areas §8): an upload whose answer has no avatarUrl counts as failed.
 * Every success tells the session (avatarChanged), so the header shows the new avatar at once.
 */
export function useAvatarActions(userId: number | null, onChanged: () => void) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);

  /** `action` answers the avatar's new URL (null once removed), or undefined when it failed. */
  const run = async (action: () => Promise<string | null | undefined>, ok: AvatarOutcome, failed: AvatarOutcome): Promise<AvatarOutcome> => {
    if (userId === null) return failed;
    setBusy(true);
    try {
      const avatarUrl = await action();
      if (avatarUrl === undefined) return failed;
      dispatch(avatarChanged(avatarUrl));
      onChanged();
      return ok;
    } catch (error) {
      logger.error('Avatar not changed', error);
      return failed;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    upload: (file: File) => run(async () => (await uploadAvatar(userId!, file, file.name))?.avatarUrl || undefined, 'uploaded', 'uploadFailed'),
    remove: () =>
      run(
        async () => {
          await deleteAvatar(userId!);
          return null;
        },
        'removed',
        'removeFailed',
      ),
  };
}
