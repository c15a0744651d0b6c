import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

interface AddButtonProps {
  label: string;
  to?: string;
  onClick?: () => void;
  testId?: string;
  disabled?: boolean;
}

/** The page header's "Add …" button: opens a form modal, or a form page with `to`. */
export function AddButton({ label, to, onClick, testId, disabled }: AddButtonProps) {
  const common = {
    leftSection: <IconPlus size={16} />,
    color: 'accent.6',
    disabled,
    'data-testid': testId,
  } as const;
  return to ? (
    <Button component={Link} to={to} {...common}>
      {label}
    </Button>
  ) : (
    <Button onClick={onClick} {...common}>
      {label}
    </Button>
  );
}
