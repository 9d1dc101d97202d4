import { useState, type CSSProperties } from 'react';
import { initials } from './initials';
import { BRAND_PRIMARY } from './theme';

export interface UserAvatarProps {
  fullName: string;
  /** Image URL (or object URL of a fetched avatar); without it, or when it fails to load, initials show. */
  src?: string | null;
  /** Diameter in pixels (antd's default avatar: 32). */
  size?: number;
  className?: string;
}

/**
 * The user's avatar image in a circle, falling back to at most two initials. Plain markup with antd's avatar
 * look, not antd's Avatar: that one measures its text after mounting to scale it into the circle, a layout of
 * the whole page forced inside the signed-in frame's first task, and two initials always fit.
 */
export function UserAvatar({ fullName, src, size, className }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const diameter = size ?? 32;
  const style: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: diameter,
    height: diameter,
    borderRadius: '50%',
    overflow: 'hidden',
    verticalAlign: 'middle',
    whiteSpace: 'nowrap',
    color: '#fff',
    backgroundColor: BRAND_PRIMARY,
    // antd's sizes: 14 px text in the default circle, half the diameter in one of a given size.
    fontSize: size ? size / 2 : 14,
  };
  const image = src && src !== failed ? src : null;
  return (
    <span className={className ? `portal-avatar ${className}` : 'portal-avatar'} style={style}>
      {image ? (
        <img src={image} alt={fullName} onError={() => setFailed(image)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        initials(fullName)
      )}
    </span>
  );
}
