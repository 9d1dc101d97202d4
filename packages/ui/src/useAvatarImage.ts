import { useEffect, useState } from 'react';
import { getAvatar } from '@portal/api';

/**
 * Object URL of the avatar at `avatarUrl` (the user's avatarUrl: it changes with every upload, so a new one is
 * fetched at once). It is fetched through the api client because the request needs x-access-token (an <img src>
 * could not send it). null while loading, when the user has none (nothing is asked then) or when it cannot be
 * read: the header then shows the initials.
 */
export function useAvatarImage(avatarUrl: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!avatarUrl) return undefined;
    let objectUrl: string | null = null;
    let active = true;
    getAvatar(avatarUrl)
      .then((blob) => {
        if (!active || !(blob instanceof Blob) || blob.size === 0) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined); // not reachable: initials are shown
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [avatarUrl]);
  return url;
}
