import { useEffect, useState } from 'react';
import { getAvatar } from '@portal/api';

/**
 * Object URL of the user's avatar. It is fetched through the api client because the request needs
 * x-access-token (an <img src> could not send it). null while loading or when there is none: the header
 * then shows the initials. A new `version` (the session's avatarVersion, bumped after an upload or removal)
 * fetches it again at once.
 */
export function useAvatarImage(userId: number | null, version = 0): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (userId === null) return undefined;
    let objectUrl: string | null = null;
    let active = true;
    getAvatar(userId)
      .then((blob) => {
        if (!active || !(blob instanceof Blob) || blob.size === 0) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined); // no avatar, or not reachable: initials are shown
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [userId, version]);
  return url;
}
