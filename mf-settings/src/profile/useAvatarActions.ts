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

  const run = async (action: () => Promise<boolean>, ok: AvatarOutcome, failed: AvatarOutcome): Promise<AvatarOutcome> => {
    if (userId === null) return failed;
    setBusy(true);
    try {
      if (!(await action())) return failed;
      dispatch(avatarChanged());
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
    upload: (file: File) => run(async () => Boolean((await uploadAvatar(userId!, file, file.name))?.avatarUrl), 'uploaded', 'uploadFailed'),
    remove: () => run(async () => { await deleteAvatar(userId!); return true; }, 'removed', 'removeFailed'),
  };
}
