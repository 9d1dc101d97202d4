import { fireEvent, render, screen } from '@testing-library/react';
import { UserAvatar } from './UserAvatar';

describe('UserAvatar', () => {
  it('shows the avatar image', () => {
    render(<UserAvatar fullName="Ana García" src="/api/users/7/avatar" />);
    expect(screen.getByRole('img', { name: 'Ana García' })).toHaveAttribute('src', '/api/users/7/avatar');
    expect(screen.queryByText('AG')).not.toBeInTheDocument();
  });

  it('falls back to the initials when the image fails to load', () => {
    render(<UserAvatar fullName="Ana García" src="/broken.png" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AG')).toBeInTheDocument();
  });

  it('shows the initials when there is no image', () => {
    render(<UserAvatar fullName="Ana García López" />);
    expect(screen.getByText('AG')).toBeInTheDocument();
  });
});
