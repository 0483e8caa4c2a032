/**
 * A control drawn as an icon (icons.tsx). Its own module, so the tooltip's code loads with the screens that use
 * it (the thread's toolbar, the phone dock), not with the shell: the navigation rail uses a plain `title`.
 */
import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { Ref } from 'react';
import { Icon, type IconName } from './icons';

/**
 * A control drawn as an icon: its label is its accessible name and its tooltip (with the keyboard shortcut, when
 * it has one), so nothing is cut to fit and nobody has to guess what it does.
 */
export function IconButton({
  icon,
  label,
  shortcut,
  onClick,
  ...props
}: {
  icon: IconName;
  label: string;
  shortcut?: string;
  onClick(): void;
} & Omit<ActionIconProps, 'children'> & {
    'aria-pressed'?: boolean;
    'aria-expanded'?: boolean;
    'aria-controls'?: string;
    ref?: Ref<HTMLButtonElement>;
  }) {
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut})` : label} withArrow openDelay={300}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} {...props}>
        <Icon name={icon} />
      </ActionIcon>
    </Tooltip>
  );
}
