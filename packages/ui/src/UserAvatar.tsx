import { Avatar, type AvatarProps } from 'antd';
import { initials } from './initials';
import { BRAND_PRIMARY } from './theme';

export interface UserAvatarProps {
  fullName: string;
  /** Image URL (or object URL of a fetched avatar); without it, or when it fails to load, initials show. */
  src?: string | null;
  size?: AvatarProps['size'];
  className?: string;
}

/** The user's avatar image, falling back to at most two initials. */
export function UserAvatar({ fullName, src, size, className }: UserAvatarProps) {
  return (
    <Avatar src={src || undefined} alt={fullName} size={size} className={className} style={{ backgroundColor: BRAND_PRIMARY, verticalAlign: 'middle' }}>
      {initials(fullName)}
    </Avatar>
  );
}
